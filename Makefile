# TouchPainter — `make run` and `make test` set up what is missing, then build and run.
PREFIX ?= $(HOME)/.local
SWIFT ?= swift
APP_ID := io.github.touchpainter.TouchPainter
# What `make install` installs (the tests install a debug build with `make -o release`).
BINARY ?= .build/release/touchpainter

.PHONY: setup setup-test build release run test check-load test-package check soak bench bench-scale icons install uninstall clean locale po format lint deb setup-package

# Translations: po/<language>.po compiled into share/locale beside the binaries' folder.
LANGUAGES := $(shell cat po/LINGUAS)
CATALOGUES := $(foreach l,$(LANGUAGES),.build/share/locale/$(l)/LC_MESSAGES/touchpainter.mo)

setup:
	@bash scripts/setup.sh build

setup-test:
	@bash scripts/setup.sh test

build: setup locale
	$(SWIFT) build

# The shipped build: the Swift runtime linked in (no toolchain needed to run it) and no
# search path for libraries beside the binary.
RELEASE_FLAGS := -c release --static-swift-stdlib --disable-local-rpath
release: setup locale
	$(SWIFT) build $(RELEASE_FLAGS) --product touchpainter

locale: $(CATALOGUES)

.build/share/locale/%/LC_MESSAGES/touchpainter.mo: po/%.po | setup
	@mkdir -p $(dir $@)
	msgfmt --check -o $@ $<

# Regenerates po/touchpainter.pot from the sources (every tr("…")) and merges it into each
# translation; then translate what msgmerge marked new or fuzzy.
po:
	xgettext --language=C --from-code=UTF-8 --keyword= --keyword=tr --package-name=touchpainter \
	  --msgid-bugs-address=https://github.com/touchpainter/TouchPainter/issues -o po/touchpainter.pot -f po/POTFILES
	for l in $(LANGUAGES); do msgmerge --quiet --no-wrap --update --backup=none po/$$l.po po/touchpainter.pot; done

# The sources in the house style: `.swift-format` (4-space indents, 150 columns, existing line
# breaks kept). `make format` rewrites them in place; `make lint` (run by `make test`) fails on
# any difference.
FORMATTED := Sources Tests
format:
	$(SWIFT) format format --in-place --recursive --parallel $(FORMATTED)

lint:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMATTED)

run: release
	./.build/release/touchpainter $(ARGS)

# Sets up, lints, builds and runs every test, its legs side by side (scripts/test.sh); ends
# with each phase's time and the ten slowest tests. `make test LEGS=x11,wayland` runs only
# those legs (unit, x11, wayland, package).
LEGS ?=
test:
	@TOUCHPAINTER_TEST_LEGS=$(LEGS) bash scripts/test.sh

# The whole suite with both cores kept busy (stress-ng): a test that fails only on a busy
# machine is a test to fix.
check-load:
	@bash scripts/setup.sh test
	@bash scripts/check-load.sh

# Ten minutes of two instances and a simulated sync tool on one gallery: no saved mark lost.
soak: setup-test
	@bash scripts/soak.sh

# Runs the whole suite N times on a fresh clone of HEAD and reports each run (stability).
N ?= 10
check: setup-test
	@bash scripts/check.sh $(N)

# Release build of the app and the benchmark, then the benchmark (app metrics in a private Xvfb).
bench: setup-test
	@bash scripts/bench.sh

# The same metrics at 1M and 10M vertices (ScaleBenchmarks): a few minutes, so not in `bench`.
bench-scale: setup-test
	@bash scripts/bench.sh --only scale

# The app icon drawn at each size the desktop asks for, from its SVG. Installed beside the
# SVG, they spare a launch librsvg (GTK draws the X11 window icon at start-up); the 128 px one
# is compiled in for runs from the build folder. Committed; test_desktop checks they match.
ICON_SIZES := 16 24 32 48 64 128 256 512
icons:
	for s in $(ICON_SIZES); do mkdir -p data/icons/$${s}x$${s} && \
	  rsvg-convert -w $$s -h $$s data/$(APP_ID).svg -o data/icons/$${s}x$${s}/$(APP_ID).png; done
	cp data/icons/128x128/$(APP_ID).png Sources/TouchPainter/Resources/app-icon-128.png

install: release locale
	@# Metainfo, man page, symbolic icon, the MIME types and the thumbnailer go with the
	@# binary and desktop file.
	install -Dm755 $(BINARY) $(DESTDIR)$(PREFIX)/bin/touchpainter
	install -Dm644 data/$(APP_ID).desktop $(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop
	install -Dm644 data/$(APP_ID).svg $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg
	for s in $(ICON_SIZES); do install -Dm644 data/icons/$${s}x$${s}/$(APP_ID).png \
	  $(DESTDIR)$(PREFIX)/share/icons/hicolor/$${s}x$${s}/apps/$(APP_ID).png; done
	install -Dm644 data/$(APP_ID)-symbolic.svg $(DESTDIR)$(PREFIX)/share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg
	install -Dm644 data/$(APP_ID).xml $(DESTDIR)$(PREFIX)/share/mime/packages/$(APP_ID).xml
	install -Dm644 data/$(APP_ID).metainfo.xml $(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml
	install -Dm644 data/touchpainter.1 $(DESTDIR)$(PREFIX)/share/man/man1/touchpainter.1
	install -Dm644 data/touchpainter.thumbnailer $(DESTDIR)$(PREFIX)/share/thumbnailers/touchpainter.thumbnailer
	for l in $(LANGUAGES); do install -Dm644 .build/share/locale/$$l/LC_MESSAGES/touchpainter.mo \
	  $(DESTDIR)$(PREFIX)/share/locale/$$l/LC_MESSAGES/touchpainter.mo; done
	@# Refresh the desktop's caches when their tools are installed (a missing one is harmless),
	@# unless staging into a DESTDIR (a package), where the target system's triggers do it.
	@[ -n "$(DESTDIR)" ] || ! command -v update-mime-database >/dev/null || update-mime-database $(PREFIX)/share/mime
	@[ -n "$(DESTDIR)" ] || ! command -v gtk-update-icon-cache >/dev/null || gtk-update-icon-cache -q -t $(PREFIX)/share/icons/hicolor
	@[ -n "$(DESTDIR)" ] || ! command -v update-desktop-database >/dev/null || update-desktop-database -q $(PREFIX)/share/applications

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/touchpainter \
	      $(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop \
	      $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg \
	      $(foreach s,$(ICON_SIZES),$(DESTDIR)$(PREFIX)/share/icons/hicolor/$(s)x$(s)/apps/$(APP_ID).png) \
	      $(DESTDIR)$(PREFIX)/share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg \
	      $(DESTDIR)$(PREFIX)/share/mime/packages/$(APP_ID).xml \
	      $(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml \
	      $(DESTDIR)$(PREFIX)/share/man/man1/touchpainter.1 \
	      $(DESTDIR)$(PREFIX)/share/thumbnailers/touchpainter.thumbnailer \
	      $(foreach l,$(LANGUAGES),$(DESTDIR)$(PREFIX)/share/locale/$(l)/LC_MESSAGES/touchpainter.mo)

# .build/touchpainter_<version>_amd64.deb: `make install` staged with PREFIX=/usr, packaged
# with Debian's own tools (scripts/deb.sh).
deb: setup-package
	@bash scripts/deb.sh

setup-package:
	@bash scripts/setup.sh package

# The package's own tests, with the slow parts: lintian, and a real apt install and remove.
test-package: setup-package
	@bash scripts/test-package.sh

clean:
	rm -rf .build
