/// The container a photo is stored in (`jpeg` or `heif`): the reader's own type, exported
/// here with its cases for an app that imports the library alone.
@_exported import enum AuxData.ContainerFormat
