#!/usr/bin/env python3
"""Makes measuring copies of the class report's pages (html_report_test.sh).

    measure_pages.py SITE_DIR OUT_DIR

Each page of SITE_DIR (index.html, students/*.html) is copied to OUT_DIR
without its Content-Security-Policy and with a script that, once Chromium has
laid the page out, writes into <pre id="measured"> a JSON object: the page's
height in CSS pixels and the text of every number (td.num, th.num, .n) that
the layout broke over more than one line. The copies exist only for the
measurement: the real pages keep their policy (check_report_dom.py checks
them as they are).
"""
import os
import re
import sys

MEASURE = r"""<script>
(function () {
  var out = {height: document.documentElement.scrollHeight, wrapped: []};
  document.querySelectorAll("td.num, th.num, .n").forEach(function (el) {
    var range = document.createRange();
    range.selectNodeContents(el);
    var tops = [];
    Array.prototype.forEach.call(range.getClientRects(), function (r) {
      if (r.width <= 0 || r.height <= 0) return;
      // Boxes of one line share their top within a few pixels (a <strong> inside, a meter).
      if (!tops.some(function (t) { return Math.abs(t - r.top) < r.height / 2; })) tops.push(r.top);
    });
    if (tops.length > 1) out.wrapped.push(el.textContent.trim());
  });
  var pre = document.createElement("pre");
  pre.id = "measured";
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>
"""

site, out = sys.argv[1], sys.argv[2]
pages = ["index.html"] + ["students/" + f for f in sorted(os.listdir(os.path.join(site, "students")))]
for page in pages:
    with open(os.path.join(site, page), encoding="utf-8") as f:
        html = f.read()
    html, policies = re.subn(r'<meta http-equiv="Content-Security-Policy"[^>]*>\n?', "", html)
    if policies != 1:
        sys.exit("FAIL: %s: expected one Content-Security-Policy, found %d" % (page, policies))
    html = html.replace("</body>", MEASURE + "</body>")
    target = os.path.join(out, page)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "w", encoding="utf-8") as f:
        f.write(html)
