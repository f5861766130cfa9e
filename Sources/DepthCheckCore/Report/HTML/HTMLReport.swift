import AuxData
import Validator
import Container

/// The visual report: one self-contained HTML page (no external resource: styles and the one
/// script inline, pictures as `data:` PNG) with a card per file and a summary. It is written
/// file by file like every other format: the head, a card as each file finishes, then the
/// summary and the rule texts; the summary comes last in the bytes and first on screen.
///
/// Every string from a file (path, XMP value, message) goes through `XMLText.escape`, and the
/// page's Content-Security-Policy lets only the report's own script run (by its hash), so a
/// photo whose metadata holds markup can neither change the page nor run anything in it.
package enum HTMLReport {
    package static func head(toolVersion: String) -> String {
        page(title: "depthcheck report", toolVersion: toolVersion, scriptHash: scriptHash, extraStyle: "", body: " data-show=\"all\"")
    }

    /// The start of a depthcheck page: its Content-Security-Policy (no resource from
    /// outside, no script but the one of `scriptHash`), the report's style and `extraStyle`,
    /// up to the page's container; `body` is the body element's attributes.
    package static func page(title: String, toolVersion: String, scriptHash: String?, extraStyle: String, body: String) -> String {
        let script = scriptHash.map { "; script-src '\($0)'" } ?? ""
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'\(script)">
            <meta name="generator" content="depthcheck \(XMLText.escape(toolVersion))">
            <title>\(XMLText.escape(title))</title>
            <style>\(style)\(extraStyle)</style>
            </head>
            <body\(body)>
            <div class="page">

            """
    }

    /// One file's card; `number` (from 0) names its controls.
    package static func card(_ r: FileReport, number: Int, visuals: FileVisuals?) -> String {
        var out = "<article class=\"card\" id=\"file-\(number)\" data-verdict=\"\(r.verdict.rawValue)\">\n"
        out += "<h2><span class=\"verdict \(r.verdict.rawValue)\">\(r.verdict.rawValue.uppercased())</span> "
            + "<span class=\"path\">\(XMLText.escape(r.path))</span></h2>\n"
        let passed = r.outcomes.filter { $0.outcome == .passed }.count
        let notApplicable = r.outcomes.filter { $0.outcome == .notApplicable }.count
        out += "<p class=\"counts\">\(TextReport.count(passed, "rule")) passed, \(notApplicable) not applicable; "
            + "\(TextReport.count(r.count(.error), "error")), \(TextReport.count(r.count(.warning), "warning")), "
            + "\(TextReport.count(r.count(.note), "note"))"
        if let c = r.container { out += "; \(c.rawValue.uppercased())" }
        out += "</p>\n"
        // A map --pixels found flat is flagged on its picture, not only in the table.
        let flat = Set(r.findings.filter { $0.rule == .pixelsMapFlat }.compactMap(\.path.bracketedIndex))
        if let visuals { out += pictures(visuals, number: number, flat: flat) }
        out += findings(r.findings)
        if let visuals, !visuals.maps.isEmpty { out += details(visuals) }
        out += "</article>\n"
        return out
    }

    /// One file's row of the page's index: its verdict, its path linking to its card, the aux
    /// images it holds and its findings by severity.
    package static func indexRow(_ r: FileReport, number: Int) -> String {
        var kinds: [(String, Int)] = []
        for kind in r.auxImageKinds {
            if let i = kinds.firstIndex(where: { $0.0 == kind }) { kinds[i].1 += 1 } else { kinds.append((kind, 1)) }
        }
        let aux = kinds.isEmpty ? "none" : kinds.map { $0.1 > 1 ? "\($0.0) ×\($0.1)" : $0.0 }.joined(separator: ", ")
        return "<tr data-verdict=\"\(r.verdict.rawValue)\"><td><span class=\"verdict \(r.verdict.rawValue)\">\(r.verdict.rawValue)</span></td>"
            + "<td class=\"path\"><a href=\"#file-\(number)\">\(XMLText.escape(r.path))</a></td><td>\(XMLText.escape(aux))</td>"
            + "<td>\(r.count(.error))</td><td>\(r.count(.warning))</td><td>\(r.count(.note))</td></tr>\n"
    }

    /// The summary (shown first) with the index of files when there are several (`index`: a
    /// row per file, from `indexRow`), the texts of the rules that have findings, and the script.
    package static func tail(tally: BatchTally, findingsByRule: [(rule: String, count: Int)], catalog: [RuleInfo],
                            index: [String] = []) -> String {
        var out = "<header class=\"summary\">\n<h1>depthcheck report</h1>\n"
        out += "<p>\(TextReport.count(tally.files, "file")): \(tally.passed) pass, \(tally.failed) fail, \(tally.unreadable) unreadable; "
            + "\(TextReport.count(tally.errors, "error")), \(TextReport.count(tally.warnings, "warning")), \(TextReport.count(tally.notes, "note"))</p>\n"
        out += "<fieldset class=\"filter\"><legend>Show</legend>"
        for (value, label) in [("all", "all"), ("pass", "pass"), ("fail", "fail"), ("unreadable", "unreadable")] {
            let checked = value == "all" ? " checked" : ""
            out += "<label><input type=\"radio\" name=\"verdict\" value=\"\(value)\"\(checked)> \(label)</label> "
        }
        out += "</fieldset>\n"
        if index.count > 1 {
            out += "<table class=\"index\"><thead><tr><th>verdict</th><th>file</th><th>aux images</th>"
                + "<th>errors</th><th>warnings</th><th>notes</th></tr></thead><tbody>\n"
            for row in index { out += row }
            out += "</tbody></table>\n"
        }
        if !findingsByRule.isEmpty {
            out += "<table class=\"by-rule\"><thead><tr><th>rule</th><th>findings</th></tr></thead><tbody>\n"
            for (rule, count) in findingsByRule {
                out += "<tr><td><a href=\"#rule-\(XMLText.escape(rule))\">\(XMLText.escape(rule))</a></td><td>\(count)</td></tr>\n"
            }
            out += "</tbody></table>\n"
        }
        out += "</header>\n"
        let named = Set(findingsByRule.map(\.rule))
        let texts = (catalog + [Validation.unreadableRule]).filter { named.contains($0.id.rawValue) }
        if !texts.isEmpty {
            out += "<section class=\"rules\"><h2>Rules</h2><dl>\n"
            for r in texts {
                out += "<dt id=\"rule-\(XMLText.escape(r.id.rawValue))\">\(XMLText.escape(r.id.rawValue)) <span class=\"sev \(r.severity.rawValue)\">\(r.severity.rawValue)</span></dt>\n"
                out += "<dd><p>\(XMLText.escape(r.summary))</p><p>source: \(XMLText.escape(r.citation.description))</p>"
                    + "<p>fix: \(XMLText.escape(r.fix))</p></dd>\n"
            }
            out += "</dl></section>\n"
        }
        out += "</div>\n<script>\(script)</script>\n</body>\n</html>\n"
        return out
    }

    // MARK: - Card parts

    /// The photo with a map over it, and beside it that map alone, both large enough to judge
    /// how the map lines up; then a control per map. The page opens on the depth or disparity
    /// (the first one drawn), over the photo at 60 %: that is what a depth photo is checked
    /// for. Other maps (gain maps, mattes, alpha) start hidden; each slider blends its own.
    static func pictures(_ v: FileVisuals, number: Int, flat: Set<Int> = []) -> String {
        let drawn = v.maps.indices.filter { v.maps[$0].picture != nil }
        let depthLike: Set<String> = ["depth", "disparity"]
        let first = drawn.first { depthLike.contains(v.maps[$0].kind) } ?? drawn.first
        func opacity(_ k: Int) -> Int { k == first ? (v.thumbnail == nil ? 100 : 60) : 0 }
        // Both figures are shown at the photo's picture size (the first map's without one), so
        // a picture is never stretched past the pixels it has and the map alone lines up with
        // the photo beside it.
        let shownWidth = v.thumbnail?.width ?? first.flatMap { v.maps[$0].picture?.width }
        let box = shownWidth.map { " style=\"width:\($0)px\"" } ?? ""
        var out = "<div class=\"pictures\">\n<figure class=\"overlay\"><div class=\"stack\"\(box)>\n"
        if let t = v.thumbnail {
            out += image(t, cls: "photo", alt: "the photo")
        } else {
            out += "<p class=\"note\">\(XMLText.escape(v.thumbnailNote ?? "no picture of the photo"))</p>\n"
        }
        for (k, m) in v.maps.enumerated() {
            guard let p = m.picture else { continue }
            out += image(p, cls: "map", alt: "aux image \(m.index) (\(m.kind))", id: "map-\(number)-\(k)", opacity: opacity(k), kind: m.kind)
        }
        // The caption says what the figure holds: a map over the photo only when one is drawn.
        out += "</div><figcaption>\(drawn.isEmpty ? "the photo" : "the photo, a map over it")</figcaption></figure>\n"
        if let k = first, let p = v.maps[k].picture {
            let m = v.maps[k]
            out += "<figure class=\"side\"><div class=\"stack\"\(box)>"
                + image(p, cls: "alone" + (flat.contains(m.index) ? " flat" : ""), alt: "aux image \(m.index) (\(m.kind)) alone", kind: m.kind)
                + "</div><figcaption>aux image \(m.index): \(XMLText.escape(m.kind)) alone</figcaption></figure>\n"
        }
        out += "</div>\n<div class=\"controls\">\n"
        for (k, m) in v.maps.enumerated() {
            out += "<div class=\"map-control\"><span class=\"kind\">\(m.index): \(XMLText.escape(m.kind))</span> "
            if flat.contains(m.index) { out += "<span class=\"badge flat\">flat map</span> " }
            if m.picture != nil {
                out += "<label>photo <input type=\"range\" class=\"blend\" min=\"0\" max=\"100\" value=\"\(opacity(k))\" "
                    + "data-map=\"map-\(number)-\(k)\" aria-label=\"blend aux image \(m.index) over the photo\"> map</label>"
            }
            if let l = m.legend { out += colourBar(l, id: "bar-\(number)-\(k)") }
            if let note = m.note { out += "<p class=\"note\">\(XMLText.escape(note))</p>" }
            if let a = m.alignment { out += "<p class=\"note\">\(XMLText.escape(a))</p>" }
            if let f = m.fitting {
                // geometry.content.misaligned: the map as it lines up with the photo, beside it as placed.
                out += "<figure class=\"fitting\">" + image(f.picture, cls: "alone", alt: "aux image \(m.index) \(f.placement)", kind: m.kind)
                    + "<figcaption>lines up with the photo when \(XMLText.escape(f.placement))</figcaption></figure>"
            }
            out += "</div>\n"
        }
        out += "</div>\n"
        return out
    }

    package static func image(_ p: FileVisuals.Picture, cls: String, alt: String, id: String? = nil, opacity: Int? = nil,
                      kind: String? = nil) -> String {
        var out = "<img class=\"\(cls)\""
        if let id { out += " id=\"\(id)\"" }
        if let kind { out += " data-kind=\"\(XMLText.escape(kind))\"" }
        out += " width=\"\(p.width)\" height=\"\(p.height)\" alt=\"\(XMLText.escape(alt))\""
        if let opacity { out += " style=\"opacity:\(Double(opacity) / 100)\"" }
        out += " src=\"data:\(p.mediaType);base64,\(Base64.encode(p.bytes))\">\n"
        return out
    }

    /// The legend of a colour-mapped picture: an SVG gradient of the colour map with its end values.
    static func colourBar(_ l: FileVisuals.Legend, id: String) -> String {
        var stops = ""
        for i in 0...16 {
            let t = Double(i) / 16
            let colour = TurboColourMap.hex(l.warmAtMinimum ? 1 - t : t)
            stops += "<stop offset=\"\(i * 100 / 16)%\" stop-color=\"\(colour)\"/>"
        }
        // A unit symbol follows each end value; words saying there is no unit are said once,
        // between them.
        let declared = l.unit == "m" || l.unit == "1/m"
        let symbol = declared ? " " + XMLText.escape(l.unit) : ""
        // The bar on a line of its own, its end values below it, never on it.
        return "<svg class=\"bar\" width=\"320\" height=\"34\" viewBox=\"0 0 320 34\" role=\"img\" aria-label=\"colour scale\">"
            + "<defs><linearGradient id=\"\(id)\">\(stops)</linearGradient></defs>"
            + "<rect class=\"scale\" x=\"0\" y=\"0\" width=\"320\" height=\"14\" fill=\"url(#\(id))\"/>"
            + "<text x=\"0\" y=\"30\">\(number(l.minimum))\(symbol)</text>"
            + (declared ? "" : "<text x=\"160\" y=\"30\" text-anchor=\"middle\">\(XMLText.escape(l.unit))</text>")
            + "<text x=\"320\" y=\"30\" text-anchor=\"end\">\(number(l.maximum))\(symbol)</text></svg>"
    }

    static func findings(_ list: [RuleFinding]) -> String {
        guard !list.isEmpty else { return "<p class=\"clean\">No findings.</p>\n" }
        var out = "<table class=\"findings\"><thead><tr><th>severity</th><th>rule</th><th>offset</th><th>path</th><th>message</th></tr></thead><tbody>\n"
        for f in list {
            out += "<tr class=\"\(f.severity.rawValue)\"><td>\(f.severity.rawValue)</td>"
                + "<td><a href=\"#rule-\(XMLText.escape(f.rule.rawValue))\">\(XMLText.escape(f.rule.rawValue))</a></td>"
                + "<td>\(f.offset.map(String.init) ?? "")</td><td>\(XMLText.escape(f.path))</td>"
                + "<td>\(XMLText.escape(f.message))</td></tr>\n"
        }
        return out + "</tbody></table>\n"
    }

    /// Per aux image: its dictionary, its statistics and its histogram.
    static func details(_ v: FileVisuals) -> String {
        var out = "<details class=\"aux\"><summary>aux images: dictionaries and statistics</summary>\n"
        for m in v.maps {
            out += "<section><h3>aux image \(m.index): \(XMLText.escape(m.kind))</h3>\n"
            if !m.dictionary.isEmpty {
                out += "<table class=\"dict\"><tbody>"
                for (k, value) in m.dictionary {
                    out += "<tr><th>\(XMLText.escape(k))</th><td>\(folded(value))</td></tr>"
                }
                out += "</tbody></table>\n"
            }
            if let s = m.statistics {
                out += "<p class=\"stats\">min \(number(s.min)), max \(number(s.max)), mean \(number(s.mean)), "
                    + "NaN \(s.nanCount)</p>\n" + histogram(s.histogram)
                // A colour gain map: each of red, green and blue.
                for (name, c) in zip(["red", "green", "blue"], s.channels) {
                    out += "<p class=\"stats\">\(name): min \(number(c.min)), max \(number(c.max)), mean \(number(c.mean)), "
                        + "NaN \(c.nanCount)</p>\n"
                }
            }
            out += "</section>\n"
        }
        return out + "</details>\n"
    }

    /// A value longer than a table cell holds (a base64 payload, a long list) folded: its start
    /// and length, the whole of it one click away.
    static func folded(_ value: String) -> String {
        guard value.count > 120 else { return XMLText.escape(value) }
        return "<details class=\"long\"><summary>\(XMLText.escape(String(value.prefix(48))))… (\(value.count) characters)</summary>"
            + "<div class=\"full\">\(XMLText.escape(value))</div></details>"
    }

    /// The histogram of stored samples as bars, tallest bin full height, with its axes: the
    /// stored sample values along the bottom (0 to the last bin), the count up the side.
    static func histogram(_ bins: [Int]) -> String {
        guard let top = bins.max(), top > 0 else { return "" }
        let (left, height, bottom) = (44, 80, 18)
        var path = ""
        for (i, n) in bins.enumerated() where n > 0 {
            let h = max(1, n * height / top)
            path += "M\(left + i) \(height)v-\(h)"
        }
        let width = left + bins.count + 8
        return "<svg class=\"histogram\" width=\"\(width)\" height=\"\(height + bottom)\" viewBox=\"0 0 \(width) \(height + bottom)\" "
            + "role=\"img\" aria-label=\"histogram of stored samples\">"
            + "<path class=\"axis\" d=\"M\(left - 1) 0V\(height)H\(left + bins.count)\" stroke=\"#888\" fill=\"none\"/>"
            + "<path d=\"\(path)\" stroke=\"#456\" stroke-width=\"1\"/>"
            + "<text x=\"\(left - 4)\" y=\"10\" text-anchor=\"end\">\(top)</text>"
            + "<text x=\"\(left - 4)\" y=\"\(height)\" text-anchor=\"end\">0</text>"
            + "<text x=\"\(left)\" y=\"\(height + 14)\">0</text>"
            + "<text x=\"\(left + bins.count)\" y=\"\(height + 14)\" text-anchor=\"end\">\(bins.count - 1)</text>"
            + "<text x=\"\(left + bins.count / 2)\" y=\"\(height + 14)\" text-anchor=\"middle\">stored sample</text>"
            + "</svg>\n"
    }

    static func number(_ d: Double) -> String {
        guard d.isFinite else { return d.isNaN ? "NaN" : (d > 0 ? "+inf" : "-inf") }
        if d == d.rounded(), abs(d) < 1e9 { return String(Int(d)) }
        let scaled = (d * 1000).rounded() / 1000
        return String(scaled)
    }

    // MARK: - Page

    package static let style = """
        body{font:14px/1.4 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#222}\
        .page{display:flex;flex-direction:column;gap:12px;padding:16px;max-width:1360px;margin:auto}\
        .summary{order:-1;background:#fff;padding:12px 16px;border-radius:6px}\
        .card{background:#fff;padding:12px 16px;border-radius:6px}\
        .card h2{font-size:15px;margin:0 0 4px;word-break:break-all}\
        .verdict{font-size:12px;padding:2px 6px;border-radius:3px;color:#fff}\
        .verdict.pass{background:#2a7d3f}.verdict.fail{background:#b3261e}.verdict.unreadable{background:#6b5b00}\
        .pictures{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}\
        figure{margin:0;max-width:100%}figcaption{font-size:12px;color:#555;margin-top:4px}\
        .stack{position:relative;max-width:100%}\
        .stack img{display:block;width:100%;height:auto;image-rendering:auto}\
        .stack img.map{position:absolute;left:0;top:0;width:100%;height:100%}\
        img.flat{outline:4px solid #b3261e}\
        .badge{font-size:12px;padding:1px 6px;border-radius:3px}.badge.flat{background:#b3261e;color:#fff}\
        .controls{display:flex;flex-wrap:wrap;gap:12px 32px;margin:8px 0}\
        .map-control{display:flex;flex-direction:column;gap:4px}\
        .bar{display:block}.bar text,.histogram text{font-size:11px;fill:#333}\
        .findings,.dict,.by-rule,.index{border-collapse:collapse;margin:8px 0}\
        .findings td,.findings th,.dict td,.dict th,.by-rule td,.by-rule th,.index td,.index th{border:1px solid #ddd;padding:2px 6px;text-align:left;vertical-align:top}\
        .index td.path{word-break:break-all}\
        .dict td{max-width:760px;overflow-wrap:anywhere}details.long .full{max-height:12em;overflow:auto;font-family:monospace;font-size:12px}\
        tr.error td:first-child{color:#b3261e}tr.warning td:first-child{color:#8a5a00}\
        .note{color:#6b5b00}\
        .rules{background:#fff;padding:12px 16px;border-radius:6px}.rules h2{font-size:15px;margin:0 0 8px}.rules dt{font-weight:600;margin-top:8px}.rules dd{margin:4px 0 0 16px}.rules dd p{margin:2px 0}\
        .sev{font-size:12px;padding:1px 6px;border-radius:3px;color:#fff;background:#666}.sev.error{background:#b3261e}.sev.warning{background:#8a5a00}\
        body[data-show=pass] .card:not([data-verdict=pass]),body[data-show=fail] .card:not([data-verdict=fail]),\
        body[data-show=unreadable] .card:not([data-verdict=unreadable]),\
        body[data-show=pass] .index tr[data-verdict]:not([data-verdict=pass]),body[data-show=fail] .index tr[data-verdict]:not([data-verdict=fail]),\
        body[data-show=unreadable] .index tr[data-verdict]:not([data-verdict=unreadable]){display:none}
        """

    /// The report's only script: the blend sliders, which also put the map last moved in the
    /// figure beside the photo (so each map can be seen alone, a matte as well as the depth), and
    /// the verdict filter. The page's
    /// Content-Security-Policy names it by its SHA-256, so no other script can run.
    static let script = "document.addEventListener('input',function(e){var t=e.target;if(t.classList.contains('blend')){"
        + "var m=document.getElementById(t.getAttribute('data-map'));if(m){m.style.opacity=t.value/100;"
        + "var c=t.closest('.card'),a=c&&c.querySelector('figure.side img');"
        + "if(a&&a.src!==m.src){a.src=m.src;a.width=m.width;a.height=m.height;a.alt=m.alt+' alone';"
        + "var f=a.closest('figure').querySelector('figcaption');if(f){f.textContent=m.alt.replace(' (',': ').replace(/\\)$/,'')+' alone';}}}}});"
        + "document.addEventListener('change',function(e){var t=e.target;if(t.name==='verdict'){"
        + "document.body.setAttribute('data-show',t.value);}});"

    /// `sha256-` and the base64 SHA-256 of `script` (CSP Level 3 §8.4); `HTMLReportTests`
    /// recomputes it, so an edit of the script that forgets the hash fails there.
    static let scriptHash = "sha256-eOlffjnNC7HSM7A7OorE3QLOQcr09dayA+y/DJNu5a4="
}

extension String {
    /// The number in the last `[…]` of a structural path (`MPImage[2]`, `meta/iinf/item[54]`).
    var bracketedIndex: Int? {
        guard let open = lastIndex(of: "["), let close = lastIndex(of: "]"), open < close else { return nil }
        return Int(self[index(after: open)..<close])
    }
}
