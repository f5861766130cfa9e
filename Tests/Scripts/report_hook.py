"""What the Chromium scripts share: finding Chromium, and a copy of a report with a test hook
script the page's Content-Security-Policy is told to allow (by its SHA-256)."""
import base64, hashlib, os, re, sys

def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        for d in os.environ.get("PATH", "").split(":"):
            p = os.path.join(d, name)
            if os.access(p, os.X_OK):
                return p
    sys.exit("no chromium on PATH")

def hooked(page, hook):
    """The report `page` with `hook` run at its end, allowed by the page's policy."""
    digest = "'sha256-" + base64.b64encode(hashlib.sha256(hook.encode()).digest()).decode() + "'"
    out = re.sub(r"script-src ([^\"]*)\"", lambda m: "script-src " + m.group(1) + " " + digest + "\"", page, count=1)
    return out.replace("</body>", "<script>" + hook + "</script>\n</body>", 1)
