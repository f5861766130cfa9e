#!/usr/bin/env python3
"""Loads a depthcheck HTML report in headless Chromium and prints what the page did, as JSON.

usage: html_in_chromium.py REPORT.html OUT_DIR [--screenshot PNG]

A copy of the report gets a test hook: a script (allowed by adding its SHA-256 to the page's
Content-Security-Policy) that, once the page has loaded, records every image's natural size,
moves each blend slider to 100 and records the opacity of the map it drives, picks
the 'fail' filter and counts the cards still shown, then writes the
record into the DOM, which Chromium prints with --dump-dom. A second copy has a raw script
inserted into its body, as if a value had escaped the escaping: the policy must keep it from
running. The report itself is never modified.
"""
import json, os, re, subprocess, sys
from report_hook import chromium, hooked

HOOK = """window.addEventListener('load',function(){var r={images:[],blends:[]};
var imgs=document.images;for(var i=0;i<imgs.length;i++){r.images.push({cls:imgs[i].className,
w:imgs[i].naturalWidth,h:imgs[i].naturalHeight,aw:imgs[i].getAttribute('width'),ah:imgs[i].getAttribute('height')});}
var s=document.querySelectorAll('input.blend');for(var j=0;j<s.length;j++){var m=document.getElementById(s[j].getAttribute('data-map'));
var before=m?m.style.opacity:null;s[j].value=100;s[j].dispatchEvent(new Event('input',{bubbles:true}));
var c=s[j].closest('.card'),a=c&&c.querySelector('figure.side img'),fc=a&&a.closest('figure').querySelector('figcaption');
r.blends.push({before:before,after:m?m.style.opacity:null,alone:a&&m?a.src===m.src&&a.width===m.width&&a.height===m.height:null,
caption:fc?fc.textContent:null,alt:m?m.alt:null});}
var f=document.querySelector('input[name=verdict][value=fail]');if(f){f.checked=true;f.dispatchEvent(new Event('change',{bubbles:true}));}
var cards=document.querySelectorAll('article.card');r.cards=cards.length;r.shownWhenFail=0;for(var k=0;k<cards.length;k++){
if(getComputedStyle(cards[k]).display!=='none')r.shownWhenFail++;}
r.pwned=document.body.getAttribute('data-pwned');var p=document.createElement('pre');p.id='depthcheck-test-result';
p.textContent=JSON.stringify(r);document.body.appendChild(p);});"""

def run(html_path, extra=()):
    cmd = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
           "--virtual-time-budget=5000", "--window-size=1280,2000", *extra, "file://" + os.path.abspath(html_path)]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)

def main():
    report, out_dir = sys.argv[1], sys.argv[2]
    shot = sys.argv[4] if len(sys.argv) > 4 and sys.argv[3] == "--screenshot" else None
    page = open(report, encoding="utf-8").read()
    hooked_page = hooked(page, HOOK)
    # An injected script the policy does not name: it must not run.
    hooked_page = hooked_page.replace("<div class=\"page\">", "<div class=\"page\"><script>document.body.setAttribute('data-pwned','1')</script>", 1)
    path = os.path.join(out_dir, "hooked.html")
    open(path, "w", encoding="utf-8").write(hooked_page)
    dom = run(path, ["--dump-dom"]).stdout
    m = re.search(r'<pre id="depthcheck-test-result">(.*?)</pre>', dom, re.S)
    result = json.loads(m.group(1).replace("&quot;", '"').replace("&amp;", "&")) if m else None
    out = {"result": result}
    if shot:
        r = run(report, ["--screenshot=" + os.path.abspath(shot)])
        out["screenshot"] = os.path.exists(shot)
    print(json.dumps(out))

main()
