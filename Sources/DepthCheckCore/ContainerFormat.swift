/// The container a photo is stored in (`jpeg` or `heif`): the reader's own type, exported
/// here with its cases for an app that imports the library alone.
@_exported import enum AuxData.ContainerFormat
/// How an image is coded, the CoreVideo pixel format an aux image is handed out as, and the
/// four-character code both are written in: the reader's own types, exported alike.
@_exported import enum AuxData.Codec
@_exported import struct AuxData.PixelFormat
@_exported import struct Container.FourCC
/// A set kept as a list, for the command line's few names and options.
@_exported import struct Container.ListSet
