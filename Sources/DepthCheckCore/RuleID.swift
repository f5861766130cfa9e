import Validator

/// A rule's stable id, such as `matte.requires-depth`: the catalog's own type, named here so
/// an app that imports the library alone can name it.
public typealias RuleID = Validator.RuleID
