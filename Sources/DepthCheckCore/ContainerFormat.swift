import AuxData

/// The container a photo is stored in: the reader's own type, named here for an app.
public typealias ContainerFormat = AuxData.ContainerFormat
