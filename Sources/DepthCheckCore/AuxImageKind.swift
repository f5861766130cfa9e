import AuxData

/// What an auxiliary image holds: the reader's own type, named here so an app that imports
/// the library alone can name it.
public typealias AuxImageKind = AuxData.AuxImageKind

/// A semantic segmentation matte's type: the reader's own, named here for an app.
public typealias SemanticMatte = AuxData.SemanticMatte
