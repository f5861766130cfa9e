#!/usr/bin/env python3
"""make docs, after DocC: a documentation site that opens at its root, served or from disk.

DocC's static-hosting output (--transform-for-static-hosting) is a JavaScript application:
every page's index.html is the same empty shell, which loads its scripts from the server's
root (/js/...) and fetches the page's content from data/ as JSON. Served, its own root
index.html routes to no page ("The page you're looking for can't be found"), and
documentation/depthcheck/index.html neither (the application knows the page as
documentation/depthcheck/); opened from disk, every page is white (a file:// URL reaches
neither /js/ nor, with fetch(), the JSON). This script makes both work:

- the root index.html goes to the library's landing page: documentation/depthcheck/ when
  served, documentation/depthcheck/index.html from disk (a script picks; without scripts a
  meta refresh goes to the file), with links to both for a browser that goes nowhere;
- every page's shell gets the page's content as plain HTML inside the element the
  application mounts on (made from its JSON under data/, links between pages as relative
  paths to their index.html files): a browser that runs the application replaces it with
  the application's page, and one that cannot (a page opened from disk, scripts off) shows it.

Each plain page names the version (VERSION), as the root page does. A kind of DocC content
this script cannot write as HTML fails the build, naming it, rather than leaving a page short.

Usage: docs_site.py SITE --version VERSION [--module depthcheck]
"""
import argparse
import html
import json
import os
import posixpath
import sys
import urllib.parse

STYLE = """
.docc-static{font:16px/1.5 -apple-system,"Helvetica Neue",Helvetica,Arial,sans-serif;color:#1d1d1f;max-width:52rem;margin:2rem auto;padding:0 1.5rem}
.docc-static a{color:#0066cc;text-decoration:none}.docc-static a:hover{text-decoration:underline}
.docc-static code,.docc-static pre{font:14px/1.45 Menlo,Consolas,"DejaVu Sans Mono",monospace}
.docc-static pre{background:#f5f5f7;border-radius:8px;padding:.8rem 1rem;overflow-x:auto}
.docc-static .eyebrow{color:#6e6e73;margin:0}.docc-static h1{margin:.2rem 0 .6rem}
.docc-static .abstract{font-size:1.15rem}.docc-static nav.crumbs,.docc-static .site{color:#6e6e73;font-size:.9rem}
.docc-static .topic{margin:.5rem 0}.docc-static .topic p{margin:.1rem 0 0 1.5rem;color:#424245}
.docc-static aside{border-left:4px solid #999;background:#f5f5f7;padding:.3rem 1rem;margin:1rem 0}
.docc-static table{border-collapse:collapse}.docc-static td,.docc-static th{border:1px solid #d2d2d7;padding:.3rem .6rem;vertical-align:top}
.docc-static footer{margin-top:3rem;color:#6e6e73;font-size:.85rem;border-top:1px solid #d2d2d7;padding-top:.8rem}
"""

# The element DocC's application mounts on, empty in every shell.
MOUNT = '<div id="app"></div>'
MOUNT_WRITTEN = '<div id="app"><div class="docc-static">'


class Unsupported(Exception):
    pass


def esc(text):
    return html.escape(text, quote=True)


class Page:
    """One page's render JSON written as HTML, with links relative to the page's folder."""

    def __init__(self, node, site_dir):
        self.node = node
        self.refs = node.get("references", {})
        self.url = node["variants"][0]["paths"][0]          # /documentation/depthcheck/...
        self.site_dir = site_dir

    # Links ---------------------------------------------------------------------------------

    def href(self, url):
        """The relative link from this page to the page at `url` (a DocC path such as
        /documentation/depthcheck/depthphoto, with an optional #fragment): its index.html."""
        path, _, fragment = url.partition("#")
        if "://" in path or path.startswith("mailto:"):
            return url
        rel = posixpath.relpath(path.strip("/") + "/index.html", self.url.strip("/"))
        rel = urllib.parse.quote(rel, safe="/")
        if not rel.startswith("."):
            rel = "./" + rel
        return rel + ("#" + urllib.parse.quote(fragment, safe="") if fragment else "")

    def reference(self, identifier, title=None):
        ref = self.refs.get(identifier)
        if ref is None:
            raise Unsupported(f"reference {identifier} is not in the page's references")
        text = title if title is not None else self.ref_title(ref)
        url = ref.get("url")
        if ref.get("type") in ("topic", "link") and url:
            return f'<a href="{esc(self.href(url))}">{text}</a>'
        return text

    def ref_title(self, ref):
        if ref.get("kind") == "symbol" or ref.get("type") == "unresolvable":
            return "<code>" + esc(ref.get("title", "")) + "</code>"
        if ref.get("titleInlineContent"):
            return self.inline(ref["titleInlineContent"])
        return esc(ref.get("title", ref.get("identifier", "")))

    # Inline content --------------------------------------------------------------------------

    def inline(self, items):
        out = []
        for it in items or []:
            t = it.get("type")
            if t == "text":
                out.append(esc(it["text"]))
            elif t == "codeVoice":
                out.append("<code>" + esc(it["code"]) + "</code>")
            elif t in ("emphasis", "newTerm"):
                out.append("<em>" + self.inline(it["inlineContent"]) + "</em>")
            elif t in ("strong", "inlineHead"):
                out.append("<strong>" + self.inline(it["inlineContent"]) + "</strong>")
            elif t == "strikethrough":
                out.append("<s>" + self.inline(it["inlineContent"]) + "</s>")
            elif t in ("subscript", "superscript"):
                tag = "sub" if t == "subscript" else "sup"
                out.append(f"<{tag}>" + self.inline(it["inlineContent"]) + f"</{tag}>")
            elif t == "reference":
                title = None
                if it.get("overridingTitleInlineContent"):
                    title = self.inline(it["overridingTitleInlineContent"])
                elif it.get("overridingTitle"):
                    title = esc(it["overridingTitle"])
                if it.get("isActive", True):
                    out.append(self.reference(it["identifier"], title))
                else:
                    out.append(title if title is not None else self.ref_title(self.refs.get(it["identifier"], {})))
            elif t == "link":
                out.append(f'<a href="{esc(it["destination"])}">{esc(it.get("title", it["destination"]))}</a>')
            elif t == "image":
                ref = self.refs.get(it["identifier"], {})
                variants = ref.get("variants") or [{}]
                src = variants[0].get("url", "")
                alt = ref.get("alt") or ""
                out.append(f'<img src="{esc(self.asset(src))}" alt="{esc(alt)}">')
            else:
                raise Unsupported(f"inline content of type {t!r}")
        return "".join(out)

    def asset(self, url):
        """A file DocC copied into the site (an image): relative to this page's folder."""
        if "://" in url:
            return url
        rel = posixpath.relpath(url.strip("/"), self.url.strip("/"))
        return urllib.parse.quote(rel, safe="/")

    # Blocks -----------------------------------------------------------------------------------

    def blocks(self, items):
        return "".join(self.block(b) for b in items or [])

    def block(self, b):
        t = b.get("type")
        if t == "paragraph":
            return "<p>" + self.inline(b["inlineContent"]) + "</p>\n"
        if t == "heading":
            level = min(max(int(b.get("level", 2)), 2), 6)
            anchor = f' id="{esc(b["anchor"])}"' if b.get("anchor") else ""
            return f"<h{level}{anchor}>{esc(b['text'])}</h{level}>\n"
        if t == "codeListing":
            return "<pre><code>" + esc("\n".join(b.get("code", []))) + "</code></pre>\n"
        if t == "aside":
            name = b.get("name") or b.get("style", "note").capitalize()
            return f"<aside><p><strong>{esc(name)}</strong></p>{self.blocks(b['content'])}</aside>\n"
        if t in ("unorderedList", "orderedList"):
            tag = "ul" if t == "unorderedList" else "ol"
            start = f' start="{int(b["start"])}"' if t == "orderedList" and b.get("start") else ""
            items = "".join("<li>" + self.blocks(i.get("content")) + "</li>" for i in b["items"])
            return f"<{tag}{start}>{items}</{tag}>\n"
        if t == "termList":
            items = "".join("<dt>" + self.inline(i["term"]["inlineContent"]) + "</dt><dd>"
                            + self.blocks(i["definition"]["content"]) + "</dd>" for i in b["items"])
            return f"<dl>{items}</dl>\n"
        if t == "table":
            rows = b.get("rows", [])
            out = []
            for n, row in enumerate(rows):
                cell = "th" if n == 0 and b.get("header") == "row" else "td"
                out.append("<tr>" + "".join(f"<{cell}>{self.blocks(c)}</{cell}>" for c in row) + "</tr>")
            return "<table>" + "".join(out) + "</table>\n"
        if t == "thematicBreak":
            return "<hr>\n"
        if t == "small":
            return "<p><small>" + self.inline(b["inlineContent"]) + "</small></p>\n"
        if t == "row":
            return "".join("<div>" + self.blocks(c.get("content")) + "</div>" for c in b.get("columns", []))
        if t == "tabNavigator":
            return "".join(f"<h4>{esc(tab['title'])}</h4>" + self.blocks(tab.get("content")) for tab in b.get("tabs", []))
        if t == "links":
            return "<ul>" + "".join("<li>" + self.reference(i) + "</li>" for i in b.get("items", [])) + "</ul>\n"
        raise Unsupported(f"block content of type {t!r}")

    # Sections ---------------------------------------------------------------------------------

    def tokens(self, tokens):
        out = []
        for tok in tokens:
            text = esc(tok.get("text", ""))
            ident = tok.get("identifier")
            if ident and ident in self.refs and self.refs[ident].get("url"):
                text = f'<a href="{esc(self.href(self.refs[ident]["url"]))}">{text}</a>'
            out.append(text)
        return "".join(out)

    def primary(self, section):
        kind = section.get("kind")
        if kind == "content":
            return self.blocks(section["content"])
        if kind == "declarations":
            return "".join("<pre><code>" + self.tokens(d.get("tokens", [])) + "</code></pre>\n"
                           for d in section["declarations"])
        if kind == "parameters":
            items = "".join(f"<dt><code>{esc(p['name'])}</code></dt><dd>{self.blocks(p.get('content'))}</dd>"
                            for p in section["parameters"])
            return f"<h2>Parameters</h2><dl>{items}</dl>\n"
        if kind == "mentions":
            return "<h2>Mentioned in</h2><ul>" + "".join("<li>" + self.reference(i) + "</li>"
                                                        for i in section["mentions"]) + "</ul>\n"
        if kind == "properties":
            items = "".join(f"<dt><code>{esc(p['name'])}</code> <code>{self.tokens(p.get('type', []))}</code></dt>"
                            f"<dd>{self.blocks(p.get('content'))}</dd>" for p in section["items"])
            return f"<h2>{esc(section.get('title', 'Properties'))}</h2><dl>{items}</dl>\n"
        if kind == "possibleValues":
            items = "".join(f"<dt><code>{esc(v['name'])}</code></dt><dd>{self.blocks(v.get('content'))}</dd>"
                            for v in section["values"])
            return f"<h2>{esc(section.get('title', 'Possible Values'))}</h2><dl>{items}</dl>\n"
        raise Unsupported(f"section of kind {kind!r}")

    def topic(self, identifier):
        ref = self.refs.get(identifier)
        if ref is None:
            raise Unsupported(f"topic {identifier} is not in the page's references")
        if ref.get("fragments") and ref.get("url"):
            title = "<code>" + esc("".join(f.get("text", "") for f in ref["fragments"])) + "</code>"
        else:
            title = self.ref_title(ref)
        link = f'<a href="{esc(self.href(ref["url"]))}">{title}</a>' if ref.get("url") else title
        abstract = self.inline(ref.get("abstract"))
        return f'<div class="topic">{link}' + (f"<p>{abstract}</p>" if abstract else "") + "</div>\n"

    def topic_sections(self, sections, heading):
        if not sections:
            return ""
        out = [f"<h2>{esc(heading)}</h2>\n"]
        for s in sections:
            if s.get("title"):
                out.append(f"<h3>{esc(s['title'])}</h3>\n")
            out.extend(self.topic(i) for i in s.get("identifiers", []))
        return "".join(out)

    def crumbs(self):
        paths = self.node.get("hierarchy", {}).get("paths") or [[]]
        links = [self.reference(i) for i in paths[0] if i in self.refs]
        return '<nav class="crumbs">' + " › ".join(links) + "</nav>\n" if links else ""

    def render(self, version, landing):
        meta = self.node.get("metadata", {})
        body = [f'<p class="site"><a href="{esc(self.href(landing))}">depthcheck {esc(version)}</a></p>\n',
                self.crumbs()]
        if meta.get("roleHeading"):
            body.append(f'<p class="eyebrow">{esc(meta["roleHeading"])}</p>\n')
        body.append(f"<h1>{esc(meta.get('title', ''))}</h1>\n")
        if self.node.get("abstract"):
            body.append('<p class="abstract">' + self.inline(self.node["abstract"]) + "</p>\n")
        for section in self.node.get("primaryContentSections", []):
            body.append(self.primary(section))
        body.append(self.topic_sections(self.node.get("topicSections"), "Topics"))
        for s in self.node.get("relationshipsSections", []):
            body.append(f"<h2>{esc(s.get('title', 'Relationships'))}</h2>\n")
            body.extend(self.topic(i) for i in s.get("identifiers", []))
        body.append(self.topic_sections(self.node.get("seeAlsoSections"), "See Also"))
        body.append("<footer>This page is the documentation as plain HTML, for a browser that does not run "
                    "DocC's viewer (a page opened from disk). Served over HTTP, for instance with "
                    "<code>python3 -m http.server</code> in the site's folder, every page opens in the viewer, "
                    "with its navigation and search.</footer>\n")
        return MOUNT_WRITTEN + f"<style>{STYLE}</style>\n" + "".join(body) + "</div></div>"


ROOT = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>depthcheck {version} documentation</title>
<script>location.replace(location.protocol === "file:" ? "{landing}/index.html" : "{landing}/" + location.hash)</script>
<noscript><meta http-equiv="refresh" content="0; url={landing}/index.html"></noscript>
</head>
<body>
<p>depthcheck {version}: <a href="{landing}/">the DepthCheck documentation</a>
(opened from disk: <a href="{landing}/index.html">{landing}/index.html</a>).</p>
</body>
</html>
"""


def main():
    p = argparse.ArgumentParser(description="Make DocC's static site open at its root, served or from disk.")
    p.add_argument("site")
    p.add_argument("--version", required=True)
    p.add_argument("--module", default="depthcheck", help="the landing page: documentation/MODULE")
    a = p.parse_args()
    site = os.path.abspath(a.site)
    landing = f"documentation/{a.module}"
    data = os.path.join(site, "data")
    if not os.path.isfile(os.path.join(site, landing, "index.html")):
        raise SystemExit(f"docs_site: {site}/{landing}/index.html is missing: not a DocC static-hosting site")
    pages = problems = 0
    for folder, _, names in os.walk(os.path.join(data, "documentation")):
        for name in sorted(names):
            if not name.endswith(".json"):
                continue
            source = os.path.join(folder, name)
            with open(source, encoding="utf-8") as f:
                page = Page(json.load(f), site)
            shell_path = os.path.join(site, page.url.strip("/"), "index.html")
            try:
                content = page.render(a.version, "/" + landing)
            except (Unsupported, KeyError) as e:
                print(f"docs_site: {os.path.relpath(source, site)}: cannot write {e} as HTML "
                      f"(Scripts/docs_site.py)", file=sys.stderr)
                problems += 1
                continue
            with open(shell_path, encoding="utf-8") as f:
                shell = f.read()
            # Run again on the same site: the content written last time is replaced.
            start = shell.find(MOUNT_WRITTEN)
            if start >= 0:
                shell = shell[:start] + MOUNT + shell[shell.rindex("</div></div>") + len("</div></div>"):]
            if MOUNT not in shell:
                raise SystemExit(f"docs_site: {shell_path} has no {MOUNT}: DocC's page shell has changed")
            with open(shell_path, "w", encoding="utf-8") as f:
                f.write(shell.replace(MOUNT, content, 1))
            pages += 1
    if problems:
        raise SystemExit(f"docs_site: {problems} pages could not be written as HTML")
    with open(os.path.join(site, "index.html"), "w", encoding="utf-8") as f:
        f.write(ROOT.format(version=esc(a.version), landing=landing))
    print(f"docs_site: {pages} pages readable from disk; index.html opens {landing}")


if __name__ == "__main__":
    main()
