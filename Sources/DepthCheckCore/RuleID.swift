/// A rule's stable id, such as `matte.requires-depth`, and how much a finding weighs: the
/// catalog's own types, exported here with their members for an app that imports the library
/// alone.
@_exported import struct Validator.RuleID
@_exported import enum Validator.FindingSeverity
/// A file's verdict, and an aux image a check requires: the engine's own types, exported alike.
@_exported import enum Validator.FileVerdict
@_exported import enum Validator.AuxRequirement
