import Container

/// What a writer's error means for the exit code of `embed`, `strip` and `roundtrip -o`: a
/// map the encoder cannot store as asked is a wrong request (2); an input whose bytes cannot
/// be rewritten — cut short, an image with no end, a part the writer cannot read and will
/// not drop — is an input that cannot be read (3); a failure of an encoder or a field that
/// overflows is depthcheck's own (4). Nothing is written in any case.
enum RewriteFailure {
    static let ownFailures: Set<ParseError.Code> = [.writeNotAnImage, .writeFieldOverflow, .arithmeticOverflow]

    static func of(_ error: ParseError, input: String, output: String) -> CommandFailure {
        if error.code == .writeMapSizeUnsupported { return CommandFailure(Exit.usage, "cannot write \(output): \(error)") }
        // The input holds what makes the removal impossible as asked (an entity group lists
        // the item, its data is outside mdat): refused, nothing written.
        if error.code == .writeCannotRemove { return CommandFailure(Exit.usage, "refused: \(error); nothing written") }
        if ownFailures.contains(error.code) { return CommandFailure(Exit.internalError, "cannot write \(output): \(error)") }
        return CommandFailure(Exit.unreadable, "\(input) cannot be rewritten: \(error); nothing written")
    }
}
