/// What an auxiliary image holds, and a semantic segmentation matte's type: the reader's own
/// types, exported here with their cases for an app that imports the library alone.
@_exported import enum AuxData.AuxImageKind
@_exported import enum AuxData.SemanticMatte
