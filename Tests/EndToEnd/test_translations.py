"""Issue 18: every user-visible string goes through gettext; German is complete and shows
with LANGUAGE=de."""
import pathlib
import re
import subprocess

import pyatspi

ROOT = pathlib.Path(__file__).resolve().parents[2]


def msgids(pot_text):
    ids = set()
    for match in re.finditer(r'^msgid ((?:".*"\n)+)', pot_text, re.M):
        ids.add("".join(re.findall(r'"((?:[^"\\]|\\.)*)"', match.group(1))))
    return ids - {""}


def test_the_template_holds_every_translatable_string_of_the_sources(tmp_path):
    pot = tmp_path / "fresh.pot"
    subprocess.run(["xgettext", "--language=C", "--from-code=UTF-8", "--keyword=", "--keyword=tr", "-o", pot,
                    "-f", "po/POTFILES"], cwd=ROOT, check=True, capture_output=True, timeout=60)
    assert msgids(pot.read_text()) == msgids((ROOT / "po/touchpainter.pot").read_text()), "run `make po`"
    # Every file that calls tr( is listed for xgettext.
    listed = set((ROOT / "po/POTFILES").read_text().split())
    calling = {str(p.relative_to(ROOT)) for p in (ROOT / "Sources").rglob("*.swift")
               if re.search(r"\btr\(\"", p.read_text()) and "GtkKit" not in p.parts}
    assert calling <= listed, calling - listed


def test_the_german_catalogue_is_complete_and_valid():
    result = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", "po/de.po"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "untranslated" not in result.stderr and "fuzzy" not in result.stderr, result.stderr
    assert msgids((ROOT / "po/de.po").read_text()) == msgids((ROOT / "po/touchpainter.pot").read_text())


def test_language_de_shows_the_app_in_german(launch):
    app = launch(extra_env={"LANGUAGE": "de", "LANG": "C.UTF-8", "LC_ALL": ""})
    for name in ("Rückgängig", "Wiederholen", "Speichern", "Öffnen", "Palette", "Leinwand", "Hauptmenü"):
        assert app.is_showing(name, timeout=5), name
    for name in ("Stift", "Radierer", "Auswählen"):
        assert app.is_showing(name, pyatspi.ROLE_RADIO_BUTTON, timeout=5), name
    assert not app.is_showing("Undo")
    app.key("ctrl+k")
    for name in ("Rot", "Grün", "Blau", "Breite", "Fertig"):
        assert app.is_showing(name, timeout=5), name
