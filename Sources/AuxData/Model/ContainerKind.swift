/// The file format a photo was read from.
package enum ContainerKind: String, Sendable {
    case jpeg
    case heif
}
