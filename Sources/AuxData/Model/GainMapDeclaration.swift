import Container

/// What a JPEG primary image says about a gain map after it, each way a writer says it: Adobe's
/// `hdrgm:Version` in its XMP (the Ultra HDR format's signal: "A JPEG file conforming to this
/// format may be identified by the presence of hdrgm:Version"), a GContainer directory item of
/// semantic `GainMap` (with the `Item:Length` that locates it), and the version-only ISO 21496-1
/// APP2 segment. A rule compares this with the gain map images the file holds.
package struct GainMapDeclaration: Sendable, Equatable {
    /// `hdrgm:Version` of the primary's XMP, where it is written.
    package var adobeVersion: (value: String, at: SourceLocation)?
    /// The GContainer directory, where the primary's XMP has one.
    package var directory: GContainerDescription?
    /// Where the directory is (the primary's XMP packet).
    package var directoryLocation: SourceLocation?
    /// The ISO 21496-1 segment of the primary.
    package var isoSegment: JPEG.GainMapMetadataSegment?

    package init() {}

    /// Whether the primary says nothing of gain maps.
    package var isEmpty: Bool { adobeVersion == nil && directory == nil && isoSegment == nil }

    /// Whether anything in the primary names a gain map.
    package var declaresGainMap: Bool {
        adobeVersion != nil || directory?.gainMapPosition != nil || isoSegment != nil
    }

    /// Where the first declaration is, for a finding.
    package var location: SourceLocation? {
        if let a = adobeVersion { return a.at }
        if directory?.gainMapPosition != nil, let d = directoryLocation { return d }
        return isoSegment.map { SourceLocation(offset: $0.offset, path: $0.path) }
    }

    /// What declares it, in words.
    package var described: String {
        var parts: [String] = []
        if adobeVersion != nil { parts.append("hdrgm:Version in the primary's XMP") }
        if let p = directory?.gainMapPosition, let item = directory?.items[p + 1] {
            parts.append("a GContainer GainMap item" + (item.length.map { " of \($0) bytes" } ?? ""))
        }
        if isoSegment != nil { parts.append("the primary's ISO 21496-1 APP2 segment") }
        return parts.joined(separator: ", ")
    }

    package static func == (a: GainMapDeclaration, b: GainMapDeclaration) -> Bool {
        a.adobeVersion?.value == b.adobeVersion?.value && a.adobeVersion?.at == b.adobeVersion?.at
            && a.directory == b.directory && a.directoryLocation == b.directoryLocation && a.isoSegment == b.isoSegment
    }
}
