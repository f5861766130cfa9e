import AuxData
import Validator

extension DepthPhoto {
    /// What `export` kept of this photo's aux images: each aux image matched with the
    /// export's of the same kind (and semantic type, and order within the kind), their values
    /// compared in one quantity (metres for depth, 1/metres for disparity, each side brought to
    /// the original's; 0…1 for mattes, alpha and views; a gain map in log2 gain when both
    /// sides' metadata (Adobe's hdrgm, ISO 21496-1) says what its values mean, else as encoded,
    /// 0…1) in display
    /// orientation, the export's map resampled to the original's size; and the map's aspect
    /// against its photo and the metadata describing its values compared on both sides.
    ///
    /// ```swift
    /// let comparison = try DepthPhoto(path: "IMG_0001.HEIC").compare(to: DepthPhoto(path: "export.jpg"))
    /// #expect(comparison.verdict == .ok, "\(comparison.auxImages.filter { $0.change != .kept })")
    /// ```
    public func compare(to export: DepthPhoto, tolerance: ComparisonTolerance = .automatic) -> PhotoComparison {
        compare(to: export, tolerance: tolerance, pictures: nil)
    }

    /// `compare(to:tolerance:)`, with each map compared on both sides drawn (its longest side
    /// `pictures` pixels) beside the export's and their difference, for `ComparisonPage`.
    package func compare(to export: DepthPhoto, tolerance: ComparisonTolerance, pictures: Int?) -> PhotoComparison {
        let originals = model.auxImages.sorted { $0.index < $1.index }
        let exports = export.model.auxImages.sorted { $0.index < $1.index }
        // Keys in the original's order, then the export's new ones.
        var keys: [ComparisonKey] = []
        for a in originals + exports where !keys.contains(ComparisonKey(a)) { keys.append(ComparisonKey(a)) }
        // What `check` says of the export decides what readers will see of it: a gain map its
        // photo does not declare (or declared without data) is orphaned, and an export cut
        // short cannot be judged by what is left of it.
        let exportFindings = export.validate().findings
        let orphaning = exportFindings.filter { $0.rule == .gainmapOrphaned }
        let declaresMissingGainMap = !orphaning.isEmpty
        let damaged = ExportDamage.findings(in: exportFindings, notIn: validate().findings)
        // The photos' pictures for content alignment: each decoded once, small, and only when
        // both sides have a map whose picture follows the photo's.
        let aligning = originals.contains { ContentAlignment.judgesKind($0.kind) } && exports.contains { ContentAlignment.judgesKind($0.kind) }
        let photos = aligning ? (mine: alignmentPicture, theirs: export.alignmentPicture) : nil
        var out: [AuxImageComparison] = []
        for key in keys {
            let mine = originals.filter { ComparisonKey($0) == key }
            let theirs = exports.filter { ComparisonKey($0) == key }
            for k in 0..<max(mine.count, theirs.count) {
                let o = k < mine.count ? mine[k] : nil
                let e = k < theirs.count ? theirs[k] : nil
                switch (o, e) {
                case let (o?, e?):
                    if let undeclared = orphaning.first(where: { ExportDamage.isAt($0, e) }) {
                        out.append(entry(key, o, e, .orphaned, in: export, differences: [
                            "the export holds the gain map but its primary does not declare it, so readers do not apply it "
                                + "(\(undeclared.rule))"]))
                    } else {
                        out.append(compared(o, with: e, in: export, tolerance: tolerance, pictures: pictures, photos: photos))
                    }
                case let (o?, nil):
                    let orphaned = key.kind == .hdrGainMap && declaresMissingGainMap
                    out.append(entry(key, o, nil, orphaned ? .orphaned : .lost, in: export,
                                     differences: orphaned ? ["the export declares a gain map but holds none"] : []))
                case let (nil, e?):
                    out.append(entry(key, nil, e, .added, in: export))
                case (nil, nil):
                    break
                }
            }
        }
        // A gain map the export declares without data, where the original held none to lose:
        // still orphaned, as `check` says of the export.
        if declaresMissingGainMap, !out.contains(where: { $0.kind == .hdrGainMap && $0.change == .orphaned }),
           orphaning.contains(where: { f in !exports.contains { ExportDamage.isAt(f, $0) } }) {
            out.append(AuxImageComparison(kind: .hdrGainMap, semanticMatte: nil, original: nil, export: nil, change: .orphaned, values: nil,
                                          differences: ["the export declares a gain map but holds none"], pictures: nil))
        }
        return PhotoComparison(auxImages: out, damage: damaged.map { "the export cannot be read whole: \($0)" })
    }

    private func entry(_ key: ComparisonKey, _ o: ParsedAuxImage?, _ e: ParsedAuxImage?, _ change: AuxImageComparison.Change,
                       in export: DepthPhoto, values: ValueDifference? = nil, differences: [String] = [],
                       pictures: ComparisonPictures? = nil) -> AuxImageComparison {
        AuxImageComparison(kind: (o ?? e)?.kind ?? key.kind, semanticMatte: key.semantic,
                           original: o.map(AuxImage.init), export: e.map(AuxImage.init), change: change,
                           values: values, differences: differences, pictures: pictures)
    }

    private func compared(_ o: ParsedAuxImage, with e: ParsedAuxImage, in export: DepthPhoto, tolerance: ComparisonTolerance,
                          pictures: Int?, photos: (mine: AlignmentGrid?, theirs: AlignmentGrid?)?) -> AuxImageComparison {
        let key = ComparisonKey(o)
        let unit: ValueUnit? = o.kind == .depth ? .depth : (o.kind == .disparity ? .disparity : nil)
        var differences = MetadataDifference.between(o.metadata, e.metadata)
        // What readers do with the values (a gain map's curve, a depth map's calibration)
        // changed: the map is not kept, whatever its samples.
        let metadataChanged = !differences.isEmpty
        if o.kind != e.kind { differences.append("kind \(o.kind.rawValue) → \(e.kind.rawValue)") }
        // A gain map in log2 gains when both sides' metadata says what its values mean.
        let log2 = GainCurve(o) != nil && GainCurve(e) != nil
        // The photo turned another way (its Exif Orientation or irot changed) with its maps
        // turned alike: each map still lies on its photo's pixels as before, so the values are
        // judged in the photos' own (stored) frame, and the turn is said, not counted a change.
        // Only when the photo's stored size is the same and the map's coded bytes are: a photo
        // whose pixels were turned (auto-orient) has them laid out anew, and its maps must be
        // turned with them; another photo's map is not this one turned.
        let before = MapOrientation.combined(MapOrientation.primarySteps(in: model))
        let after = MapOrientation.combined(MapOrientation.primarySteps(in: export.model))
        let turnedWithPhoto = before != after
            && (model.primary.width, model.primary.height) == (export.model.primary.width, export.model.primary.height)
            && sameCodedData(o, export, e)
            && MapOrientation.combined(MapOrientation.steps(for: o, in: model)) == before
            && MapOrientation.combined(MapOrientation.steps(for: e, in: export.model)) == after
        if turnedWithPhoto { differences.append("orientation \(before.exif) → \(after.exif): the map turned with its photo") }
        let turned = !turnedWithPhoto
        let mine: DisplayedValues
        do { mine = try DisplayedValues(o, of: self, as: unit, log2Gain: log2, turned: turned) } catch {
            // Nothing of the original to compare against: the export cannot be judged.
            return entry(key, o, e, .undecodable, in: export, differences: ["the original's map does not decode: \(error)"] + differences)
        }
        let theirs: DisplayedValues
        do { theirs = try DisplayedValues(e, of: export, as: unit, log2Gain: log2, turned: turned) } catch {
            return entry(key, o, e, .orphaned, in: export, differences: ["the export's map does not decode: \(error)"] + differences)
        }
        if (mine.storedWidth, mine.storedHeight) != (theirs.storedWidth, theirs.storedHeight) {
            differences.insert("size \(mine.storedWidth)×\(mine.storedHeight) → \(theirs.storedWidth)×\(theirs.storedHeight)", at: 0)
        }
        if mine.channels != theirs.channels {
            differences.insert("channels \(mine.channels) → \(theirs.channels)", at: 0)
        }
        // A map that lined up with its photo and no longer does (turned, cropped, stretched
        // without its photo) has changed, whatever its values.
        var geometryChanged = false
        let lined = DisplayGeometry(photo: self, map: mine, turned: turned), lines = DisplayGeometry(photo: export, map: theirs, turned: turned)
        if lined.aligned && !lines.aligned {
            geometryChanged = true
            differences.insert("aspect: the map is \(lines.mapWidth)×\(lines.mapHeight) beside a \(lines.photoWidth)×\(lines.photoHeight) photo", at: 0)
        }
        // A map whose picture lined up with its photo and, in the export, fits the export's
        // photo only turned or mirrored (geometry.content.misaligned) has changed.
        if ContentAlignment.judgesKind(o.kind), let mine = photos?.mine, let theirs = photos?.theirs,
           let now = try? export.alignment(of: e, picture: theirs).verdict, now != .aligned,
           (try? alignment(of: o, picture: mine).verdict) == .aligned {
            let how: String?
            switch now {
            case .misaligned(let p): how = "it fits the export's photo when " + p.description
            case .shifted(let x, let y): how = "it fits the export's photo when " + ContentAlignment.describeShift(x: x, y: y)
            case .cropped(let p): how = "it fits the export's photo when " + ContentAlignment.describeCrop(p)
            case .unrelated: how = "it fits the export's photo in no placement tried"
            case .aligned, .notJudged: how = nil
            }
            if let how {
                geometryChanged = true
                differences.insert("content: the map lined up with its photo and no longer does; \(how)", at: 0)
            }
        }
        // Distances in the unit the files declare, and said to be undeclared when either does not
        // (GDepth without Units), as info and report say it.
        let declared = ValueMapping.of(o, in: model, bitDepth: 8).unitsDeclared
            && ValueMapping.of(e, in: export.model, bitDepth: 8).unitsDeclared
        let units = unit.map { declared ? ($0 == .depth ? "m" : "1/m") : ValueDifference.undeclaredUnits } ?? (log2 ? "log2" : "0…1")
        let values = ValueComparison.difference(mine, theirs, tolerance: tolerance, units: units)
        let change: AuxImageComparison.Change = geometryChanged || metadataChanged || values.isBeyondTolerance ? .changed : .kept
        let drawn = pictures.flatMap {
            ComparisonPictures.make(mine, theirs, tolerance: values.tolerance, depthLike: unit != nil, maxSide: $0)
        }
        return entry(key, o, e, change, in: export, values: values, differences: differences, pictures: drawn)
    }
}

extension DepthPhoto {
    /// Whether `mine` (of this photo) and `theirs` (of `export`) are stored as the same bytes.
    func sameCodedData(_ mine: ParsedAuxImage, _ export: DepthPhoto, _ theirs: ParsedAuxImage) -> Bool {
        guard let a = mine.coded.dataRange, let b = theirs.coded.dataRange, a.count == b.count,
              a.upperBound <= bytes.count, b.upperBound <= export.bytes.count else { return false }
        return bytes[a].elementsEqual(export.bytes[b])
    }
}

/// What matches an aux image across two photos: its kind and semantic type, depth and
/// disparity being one kind (the same distances, one the inverse of the other).
struct ComparisonKey: Equatable {
    let kind: AuxImageKind
    let semantic: SemanticMatte?
    init(_ a: ParsedAuxImage) {
        kind = a.kind == .depth ? .disparity : a.kind
        semantic = a.semanticMatte
    }
}
