/// The file format a photo was read from.
public enum ContainerKind: String, Sendable {
    case jpeg
    case heif
}
