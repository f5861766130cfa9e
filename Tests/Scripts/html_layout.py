#!/usr/bin/env python3
"""Measures a depthcheck HTML report's first view in headless Chromium, 1400 pixels wide.

usage: html_layout.py REPORT.html OUT_DIR

A copy of the report gets a test hook (allowed by adding its SHA-256 to the page's
Content-Security-Policy) that, once the page has loaded and laid out, records per card: the
kind of the first map shown over the photo (the first with a non-zero opacity), the drawn
width of the photo and of the map beside it, whether any label of a colour bar overlaps the
bar itself, how many dictionary values longer than 120 characters are shown unfolded, and
how many maps are flagged flat. It prints the record as JSON. The report is not modified.
"""
import json, os, re, subprocess, sys
from report_hook import chromium, hooked

HOOK = """window.addEventListener('load',function(){var out=[];var cards=document.querySelectorAll('article.card');
for(var i=0;i<cards.length;i++){var c=cards[i];var r={};var maps=c.querySelectorAll('.overlay img.map');r.first=null;
for(var j=0;j<maps.length;j++){if(parseFloat(maps[j].style.opacity||'0')>0){r.first=maps[j].getAttribute('data-kind');break;}}
var photo=c.querySelector('.overlay img.photo');r.photoWidth=photo?Math.round(photo.getBoundingClientRect().width):0;r.photoLongerSide=photo?Math.max(photo.naturalWidth,photo.naturalHeight):0;r.photoNaturalWidth=photo?photo.naturalWidth:0;
var alone=c.querySelector('.side img.alone');r.aloneWidth=alone?Math.round(alone.getBoundingClientRect().width):0;
r.barOverlaps=0;var bars=c.querySelectorAll('svg.bar');for(var k=0;k<bars.length;k++){var s=bars[k].querySelector('rect.scale').getBoundingClientRect();
var ts=bars[k].querySelectorAll('text');for(var t=0;t<ts.length;t++){var b=ts[t].getBoundingClientRect();
if(b.top<s.bottom&&b.bottom>s.top&&b.left<s.right&&b.right>s.left)r.barOverlaps++;}}
r.longUnfolded=0;var tds=c.querySelectorAll('table.dict td');for(var d=0;d<tds.length;d++){if(!tds[d].querySelector('details')&&tds[d].textContent.length>120)r.longUnfolded++;}
r.folded=c.querySelectorAll('details.long').length;r.flat=c.querySelectorAll('img.flat').length+c.querySelectorAll('.badge.flat').length;
r.histogramAxes=c.querySelectorAll('svg.histogram path.axis').length;out.push(r);}
var p=document.createElement('pre');p.id='depthcheck-layout';p.textContent=JSON.stringify(out);document.body.appendChild(p);});"""

def main():
    report, out_dir = sys.argv[1], sys.argv[2]
    page = open(report, encoding="utf-8").read()
    hooked_page = hooked(page, HOOK)
    path = os.path.join(out_dir, "layout.html")
    open(path, "w", encoding="utf-8").write(hooked_page)
    cmd = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
           "--virtual-time-budget=5000", "--window-size=1400,2000", "--dump-dom", "file://" + os.path.abspath(path)]
    dom = subprocess.run(cmd, capture_output=True, text=True, timeout=120).stdout
    m = re.search(r'<pre id="depthcheck-layout">(.*?)</pre>', dom, re.S)
    print(json.dumps(json.loads(m.group(1).replace("&quot;", '"').replace("&amp;", "&")) if m else None))

main()
