#!/usr/bin/env python3
"""Generate the layout evaluation set: the same resumes laid out the ways real ones are.

Layouts: one column; a sidebar on the left (read first, full of lines that are not names:
degrees, certifications, skills); a sidebar on the right; the name inside a header table; the
name in capitals. Each is made by three real tools: reportlab (PDF), Chromium printing HTML
(PDF) and python-docx (DOCX). Names are non-ASCII and multi-part ("Łukasz Wiśniewski",
"Pieter van der Berg", "Siobhán Ó Briain"); some e-mail addresses agree with the name, some do
not ("nurse.dublin87@…"), so the address cannot stand in for the name.

Output (committed): layouts/<layout>/<tool>-NN.{pdf,docx} and layouts.tsv (file, layout, tool,
name, email, E.164 phone). Deterministic apart from the PDF writers' timestamps.
Needs: pip install reportlab python-docx; Chromium at /usr/bin/chromium; DejaVu fonts.
Usage: ~/.cache/hirelane/venv-eval/bin/python crates/ats/eval/make_layouts.py
"""
import html
import shutil
import subprocess
import tempfile
from pathlib import Path

OUT = Path(__file__).resolve().parent
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
FONT_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
LAYOUTS = ["one_column", "left_sidebar", "right_sidebar", "header_table", "capitals"]
TOOLS = ["reportlab", "chromium", "docx"]

# name as written (expected: the same, except capitals), e-mail, phone as written, E.164,
# title, sidebar lines that are not names.
PEOPLE = [
    ("Łukasz Wiśniewski", "lukasz.wisniewski@example.pl", "+48 512 345 678", "+48512345678",
     "Supply Chain Analyst", ["MSc International Management", "SAP MM", "APICS CPIM"]),
    ("Pieter van der Berg", "pieter.vanderberg@example.nl", "+31 6 1234 5678", "+31612345678",
     "Registered Nurse", ["NMBI Registered General Nurse", "BSc Nursing", "Advanced Life Support"]),
    ("Siobhán Ó Briain", "nurse.dublin87@example.ie", "+353 87 123 4567", "+353871234567",
     "Clinical Nurse Manager", ["B.A. Communications", "Wound Care", "Fluent Irish"]),
    ("María José García-López", "mj.garcia@example.es", "+34 612 345 678", "+34612345678",
     "Data Analyst", ["Google Analytics", "SQL and Tableau", "MSc Statistics"]),
    ("Jean-Luc de la Croix", "jl.delacroix@example.fr", "+33 6 12 34 56 78", "+33612345678",
     "Product Manager", ["PMP Certified Project Manager", "MBA INSEAD", "Agile Coaching"]),
    ("Nguyễn Thị Minh Anh", "minhanh.work@example.vn", "+84 912 345 678", "+84912345678",
     "Backend Engineer", ["AWS Solutions Architect", "Go and PostgreSQL", "B.Eng Computer Science"]),
    ("Søren Kjærgaard", "soren.k@example.dk", "+45 20 12 34 56", "+4520123456",
     "Mechanical Engineer", ["CSWP SolidWorks", "M.Sc. Mechanical Engineering", "Lean Six Sigma"]),
    ("Renée Côté", "contact@reneecote.example.ca", "+1 514 555 0142", "+15145550142",
     "UX Designer", ["Figma and Sketch", "BFA Graphic Design", "Certified Scrum Master"]),
    ("Ludwig von Hohenberg", "l.hohenberg@example.de", "+49 151 2345 6789", "+4915123456789",
     "Chartered Accountant", ["CIMA Chartered Accountant", "IFRS Reporting", "Fluent German"]),
    ("Ana Luísa dos Santos", "analuisa.ds@example.br", "+55 11 91234 5678", "+5511912345678",
     "Marketing Lead", ["Content Strategy", "HubSpot Certified", "BA Journalism"]),
    ("Mary-Kate O'Neill", "mk.oneill@example.co.uk", "+44 7700 900123", "+447700900123",
     "Solicitor", ["LLB Law", "Employment Law", "Driving Licence B"]),
    ("Priya Ramaswamy Iyer", "priya.iyer@example.in", "+91 98450 12345", "+919845012345",
     "Site Reliability Engineer", ["CKA Kubernetes Administrator", "Terraform", "B.Tech IT"]),
    ("Chloé Dubois-Martin", "chloe.dm@example.fr", "+33 7 98 76 54 32", "+33798765432",
     "Pharmacist", ["PharmD", "Clinical Pharmacy", "French and English"]),
    ("Oğuz Yılmaz", "oguz.yilmaz@example.com.tr", "+90 532 123 45 67", "+905321234567",
     "Civil Engineer", ["PE Licensed Engineer", "AutoCAD Civil 3D", "MSc Structural Engineering"]),
    ("Hyun-woo Park", "hw.park@example.kr", "+82 10 1234 5678", "+821012345678",
     "Frontend Engineer", ["React and TypeScript", "Web Accessibility", "BS Computer Science"]),
]

BODY = [
    ("Experience", [
        ("{title}", "Northwind Group", "Mar 2019 – Present",
         ["Led a team of six across three sites and cut turnaround by a fifth.",
          "Wrote the quarterly report read by the leadership team."]),
        ("Associate", "Contoso Ltd", "Jun 2015 – Feb 2019",
         ["Ran the weekly planning meeting and kept the tracker current.",
          "Trained new starters on the team's tools and processes."]),
    ]),
    ("Education", [("Bachelor's degree", "State University", "2011 – 2015", [])]),
]


def people_for(layout_index, tool_index):
    """Four people per layout and tool, a different four for each pair."""
    start = layout_index * 3 + tool_index * 5
    return [PEOPLE[(start + k) % len(PEOPLE)] for k in range(4)]


PARTICLES = {"van", "der", "den", "de", "la", "le", "du", "da", "das", "do", "dos", "di", "del",
             "della", "von", "zu", "ten", "ter", "bin", "binti", "al", "el", "y", "e"}


def shown_name(name, layout):
    return name.upper() if layout == "capitals" else name


def expected_name(name, layout):
    """What a careful reader can recover: from capitals, title case with particles lower-case
    ("HYUN-WOO PARK" gives "Hyun-Woo Park", "YILMAZ" gives "Yilmaz": nothing in the file says
    "Hyun-woo" or "Yılmaz")."""
    if layout != "capitals":
        return name
    words = []
    for i, word in enumerate(name.upper().split(" ")):
        titled = "-".join(p[:1].upper() + p[1:].lower() for p in word.split("-"))
        titled = "'".join(p[:1].upper() + p[1:] for p in titled.split("'"))
        inner = 0 < i < len(name.split(" ")) - 1
        words.append(word.lower() if inner and word.lower() in PARTICLES else titled)
    return " ".join(words)


def sidebar_lines(person):
    name, email, phone, _, _, extra = person
    return ["Contact", email, phone, "Linkedin.com/in/profile", "Skills & Certifications"] + extra


# ---------------------------------------------------------------- reportlab

def reportlab_pdf(path, person, layout):
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    pdfmetrics.registerFont(TTFont("DejaVu", FONT))
    pdfmetrics.registerFont(TTFont("DejaVu-Bold", FONT_BOLD))
    name, email, phone, _, title, _ = person
    c = canvas.Canvas(str(path), pagesize=A4, invariant=1)
    width, height = A4
    main_x, side_x, y = 50, None, height - 60
    if layout == "left_sidebar":
        side_x, main_x = 40, 220
    elif layout == "right_sidebar":
        side_x, main_x = 400, 50
    if side_x is not None:
        sy = height - 60
        for i, line in enumerate(sidebar_lines(person)):
            c.setFont("DejaVu-Bold" if line in ("Contact", "Skills & Certifications") else "DejaVu", 9)
            c.drawString(side_x, sy, line)
            sy -= 16 if i else 18
    if layout == "header_table":
        c.rect(40, height - 110, width - 80, 70)
        c.line(width / 2, height - 110, width / 2, height - 40)
        c.setFont("DejaVu-Bold", 20)
        c.drawString(50, height - 75, name)
        c.setFont("DejaVu", 9)
        c.drawString(width / 2 + 10, height - 60, email)
        c.drawString(width / 2 + 10, height - 75, phone)
        c.drawString(width / 2 + 10, height - 90, title)
        y = height - 140
    else:
        c.setFont("DejaVu-Bold", 22)
        c.drawString(main_x, y, shown_name(name, layout))
        y -= 24
        c.setFont("DejaVu", 11)
        c.drawString(main_x, y, title)
        y -= 18
        if side_x is None:
            c.setFont("DejaVu", 9)
            c.drawString(main_x, y, f"{email} | {phone}")
            y -= 24
    for heading, items in BODY:
        c.setFont("DejaVu-Bold", 12)
        c.drawString(main_x, y, heading.upper())
        y -= 16
        for role, org, dates, bullets in items:
            c.setFont("DejaVu-Bold", 10)
            c.drawString(main_x, y, f"{role.format(title=title)}, {org}")
            c.setFont("DejaVu", 9)
            c.drawString(main_x, y - 12, dates)
            y -= 26
            for b in bullets:
                c.drawString(main_x + 8, y, "• " + b[:60])
                y -= 13
            y -= 6
    c.save()


# ---------------------------------------------------------------- chromium

def chromium_pdf(path, person, layout):
    name, email, phone, _, title, _ = person
    e = html.escape
    side = "".join(f"<p>{e(l)}</p>" for l in sidebar_lines(person))
    body = ""
    for heading, items in BODY:
        body += f"<h2>{e(heading)}</h2>"
        for role, org, dates, bullets in items:
            body += f"<h3>{e(role.format(title=title))}, {e(org)}</h3><p>{e(dates)}</p><ul>"
            body += "".join(f"<li>{e(b)}</li>" for b in bullets) + "</ul>"
    head = f"<h1>{e(shown_name(name, layout))}</h1><p class=t>{e(title)}</p>"
    if layout == "header_table":
        main = (f"<table><tr><td><h1>{e(name)}</h1></td><td>{e(email)}<br>{e(phone)}<br>"
                f"{e(title)}</td></tr></table>{body}")
        page = f"<main>{main}</main>"
    elif layout in ("left_sidebar", "right_sidebar"):
        aside = f"<aside>{side}</aside>"
        main = f"<main>{head}{body}</main>"
        page = f"<div class=cols>{aside + main if layout == 'left_sidebar' else main + aside}</div>"
    else:
        page = f"<main>{head}<p>{e(email)} | {e(phone)}</p>{body}</main>"
    doc = f"""<!doctype html><html><head><meta charset=utf-8><style>
      body {{ font-family: 'DejaVu Sans'; font-size: 10pt; margin: 0; }}
      h1 {{ font-size: 24pt; margin: 0 0 4pt; }} h2 {{ font-size: 12pt; text-transform: uppercase; }}
      h3 {{ font-size: 10pt; margin: 6pt 0 0; }} .t {{ font-size: 12pt; }}
      .cols {{ display: flex; gap: 24pt; }} aside {{ width: 150pt; background: #eef; padding: 12pt; }}
      main {{ flex: 1; padding: 12pt; }} table {{ width: 100%; border: 1px solid #999; }}
      td {{ vertical-align: top; padding: 6pt; }}
    </style></head><body>{page}</body></html>"""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "r.html"
        src.write_text(doc, encoding="utf-8")
        subprocess.run(["/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu",
                        "--disable-background-networking", "--no-pdf-header-footer",
                        f"--print-to-pdf={path}", src.as_uri()],
                       check=True, capture_output=True)


# ---------------------------------------------------------------- python-docx

def docx_file(path, person, layout):
    from docx import Document
    from docx.shared import Pt

    name, email, phone, _, title, _ = person
    d = Document()
    d.styles["Normal"].font.name = "DejaVu Sans"
    d.styles["Normal"].font.size = Pt(10)

    def body(container):
        for heading, items in BODY:
            container.add_paragraph().add_run(heading.upper()).bold = True
            for role, org, dates, bullets in items:
                container.add_paragraph().add_run(f"{role.format(title=title)}, {org}").bold = True
                container.add_paragraph(dates)
                for b in bullets:
                    container.add_paragraph("• " + b)

    def heading(container):
        # The name as the document's Title style (its size lives in styles.xml, not the run).
        container.add_paragraph(shown_name(name, layout), style="Title")
        container.add_paragraph(title)

    if layout in ("left_sidebar", "right_sidebar"):
        table = d.add_table(rows=1, cols=2)
        side, main = table.rows[0].cells if layout == "left_sidebar" else reversed(table.rows[0].cells)
        for line in sidebar_lines(person):
            side.add_paragraph(line)
        heading(main)
        body(main)
    elif layout == "header_table":
        table = d.add_table(rows=1, cols=2)
        left, right = table.rows[0].cells
        run = left.paragraphs[0].add_run(name)
        run.bold, run.font.size = True, Pt(20)
        right.paragraphs[0].add_run(f"{email}\n{phone}\n{title}")
        body(d)
    else:
        heading(d)
        d.add_paragraph(f"{email} | {phone}")
        body(d)
    d.core_properties.author = "eval"
    d.save(str(path))


def main():
    rows = ["file\tlayout\ttool\tname\temail\tphone"]
    root = OUT / "layouts"
    shutil.rmtree(root, ignore_errors=True)
    for li, layout in enumerate(LAYOUTS):
        (root / layout).mkdir(parents=True)
        for ti, tool in enumerate(TOOLS):
            for k, person in enumerate(people_for(li, ti)):
                ext = "docx" if tool == "docx" else "pdf"
                rel = f"{layout}/{tool}-{k + 1:02}.{ext}"
                make = {"reportlab": reportlab_pdf, "chromium": chromium_pdf, "docx": docx_file}[tool]
                make(root / rel, person, layout)
                name, email, _, e164, _, _ = person
                rows.append(f"{rel}\t{layout}\t{tool}\t{expected_name(name, layout)}\t{email}\t{e164}")
    (OUT / "layouts.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    print(f"wrote {len(rows) - 1} files under {root}")


if __name__ == "__main__":
    main()
