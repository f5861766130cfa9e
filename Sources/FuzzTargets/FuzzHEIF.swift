import Container

extension FuzzTarget {
    /// BMFF boxes and the HEIF item graph: `HEIF.File` on the bytes, then every query the
    /// photo reader makes of it (properties, references, aux images, metadata items, grids,
    /// tone maps, entity groups).
    static func heif(_ bytes: [UInt8]) throws(FuzzViolation) {
        // A low-overhead file (mini box) is read through the meta box it stands for, as the
        // readers read it: the expansion must itself be a file HEIF.File takes apart safely.
        let input = HEIF.MinimizedImage.expanding(bytes)
        let file: HEIF.File
        do { file = try HEIF.File(parsing: input, limits: Fuzz.limits) } catch {
            _ = Fuzz.touch([error])
            return
        }
        var sink = Fuzz.touch(file.issues)
        for item in file.items {
            sink &+= file.properties(of: item.id).count
            sink &+= file.transforms(of: item.id).count
            sink &+= file.tiles(of: item.id).count &+ file.graph.thumbnails(of: item.id).count
            if let e = file.ispe(of: item.id) { sink &+= Int(e.width) &+ Int(e.height) }
            _ = file.hvcC(of: item.id)
            _ = file.graph.auxC(of: item.id)
        }
        for aux in file.auxiliaryImages {
            if let r = aux.subtypeRange, r.upperBound > input.count { throw FuzzViolation("auxC subtype past the file") }
            sink &+= aux.masterIDs.count
        }
        for m in file.metadataItems {
            if let r = m.payloadRange, r.upperBound > input.count || r.lowerBound < 0 {
                throw FuzzViolation("metadata payload outside the file", "\(r) of \(input.count)")
            }
        }
        for (_, ranges) in file.dataRanges {
            for r in ranges where r.upperBound > input.count || r.lowerBound < 0 {
                throw FuzzViolation("item data range outside the file", "\(r) of \(input.count)")
            }
        }
        for (id, t) in file.toneMaps {
            if file.item(id)?.type != "tmap" { throw FuzzViolation("tone map read from an item that is not tmap", "\(id)") }
            if let m = t.metadata, m.channels.count != (m.isMultichannel ? 3 : 1) {
                throw FuzzViolation("tone map channel count disagrees with is_multichannel", "\(m.channels.count)")
            }
            sink &+= t.metadata?.channels.compactMap { $0.gamma.value }.count ?? 0
            var w = ByteWriter()
            t.write(to: &w)
            sink &+= w.count
        }
        for g in file.entityGroups {
            sink &+= g.entityIDs.count &+ g.extra.count
            if g.groupingType == "altr" { sink &+= file.tiles(of: g.groupID).count }
        }
        if file.metaRange.upperBound > input.count { throw FuzzViolation("meta box past the file") }
        sink &+= file.grids.count &+ file.references.count &+ file.graph.repeatedItems.count &+ file.meta.repeated.count
        _ = sink
    }
}
