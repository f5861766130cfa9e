import Validator

/// The comparison as one self-contained HTML page in the report's style: a summary of the
/// pairs, then a card a pair with its aux images, and for each map compared on both sides the
/// original's, the export's and their difference side by side. No script, nothing fetched.
package enum ComparisonPage {
    /// The page for `pairs`, each compared with pictures (`DepthPhoto.compare(to:tolerance:pictures:)`).
    package static func html(_ pairs: [ComparedPair], toolVersion: String) -> String {
        var out = HTMLReport.page(title: "depthcheck compare", toolVersion: toolVersion, scriptHash: nil, extraStyle: style, body: "")
        out += """
            <header class="summary"><h1>depthcheck compare</h1>
            <p>\(XMLText.escape(ComparisonReport.summary(pairs)))</p>
            <table class="index"><thead><tr><th>verdict</th><th>original</th><th>export</th></tr></thead><tbody>

            """
        for (k, p) in pairs.enumerated() {
            out += "<tr><td><span class=\"verdict \(p.verdict)\">\(p.verdict)</span></td>"
                + "<td class=\"path\"><a href=\"#pair-\(k)\">\(XMLText.escape(PathText.display(p.original ?? "-")))</a></td>"
                + "<td class=\"path\">\(XMLText.escape(PathText.display(p.export ?? "-")))</td></tr>\n"
        }
        out += "</tbody></table></header>\n"
        for (k, p) in pairs.enumerated() { out += card(p, number: k) }
        return out + "</div>\n</body>\n</html>\n"
    }

    static func card(_ p: ComparedPair, number: Int) -> String {
        var out = "<article class=\"card\" id=\"pair-\(number)\">\n<h2><span class=\"verdict \(p.verdict)\">\(p.verdict.uppercased())</span> "
            + "<span class=\"path\">\(XMLText.escape(PathText.display(p.original ?? "-"))) → \(XMLText.escape(PathText.display(p.export ?? "-")))</span></h2>\n"
        switch p.outcome {
        case .compared(let c):
            for d in c.damage { out += "<p class=\"note\">\(XMLText.escape(d))</p>\n" }
            guard !c.auxImages.isEmpty else { return out + "<p class=\"clean\">Neither photo has aux images.</p>\n</article>\n" }
            out += "<table class=\"findings\"><thead><tr><th>aux image</th><th>change</th><th>original</th><th>export</th>"
                + "<th>p99</th><th>max</th><th>mean</th><th>beyond</th><th>tolerance</th><th>differences</th></tr></thead><tbody>\n"
            for a in c.auxImages {
                func side(_ s: AuxImage?) -> String { s.map { "\($0.width)×\($0.height) [\($0.index)]" } ?? "—" }
                let n = ComparisonNumber.text
                let v = a.values
                out += "<tr class=\"\(a.change.rawValue)\"><td>\(XMLText.escape(a.label))</td><td>\(a.change.rawValue)</td>"
                    + "<td>\(side(a.original))</td><td>\(side(a.export))</td>"
                    + "<td>\(v.map { "\(n($0.p99Error)) \(XMLText.escape($0.units))" } ?? "")</td><td>\(v.map { n($0.maxError) } ?? "")</td>"
                    + "<td>\(v.map { n($0.meanError) } ?? "")</td><td>\(v.map { n($0.beyondTolerance * 100) + " %" } ?? "")</td>"
                    + "<td>\(v.map { n($0.tolerance) } ?? "")</td>"
                    + "<td>\(((v.flatMap(ComparisonReport.region).map { [$0] } ?? []) + a.differences).map(XMLText.escape).joined(separator: "<br>"))</td></tr>\n"
            }
            out += "</tbody></table>\n"
            for a in c.auxImages {
                guard let pictures = a.pictures else { continue }
                let name = XMLText.escape(a.label)
                out += "<div class=\"pictures\">\n"
                for (picture, caption) in [(pictures.original, "original"), (pictures.export, "export"),
                                           (pictures.difference, "difference (red: beyond the tolerance)")] {
                    out += "<figure><div class=\"stack\" style=\"width:\(picture.width)px\">"
                        + HTMLReport.image(picture, cls: "alone", alt: "\(a.label): \(caption)")
                        + "</div><figcaption>\(name): \(caption)</figcaption></figure>\n"
                }
                out += "</div>\n"
            }
        case .ambiguous(let others):
            out += "<p class=\"note\">the same key as \(others.map { XMLText.escape(PathText.display($0)) }.joined(separator: ", "))</p>\n"
        case .error(let why):
            out += "<p class=\"note\">\(XMLText.escape(why))</p>\n"
        case .unpairedOriginal, .unpairedExport, .matched:
            break
        }
        return out + "</article>\n"
    }

    static let style = ".verdict.ok,.verdict.added{background:#2a7d3f}.verdict.stripped,.verdict.changed,.verdict.orphaned,.verdict.error{background:#b3261e}"
        + ".verdict.unpaired-original,.verdict.unpaired-export,.verdict.ambiguous{background:#6b5b00}"
        + "tr.lost td:nth-child(2),tr.changed td:nth-child(2),tr.orphaned td:nth-child(2),tr.undecodable td:nth-child(2){color:#b3261e}"
        + ".index td.path{word-break:break-all}"
}
