# TouchPainter — `make run` and `make test` set up what is missing, then build and run.
PREFIX ?= $(HOME)/.local
SWIFT ?= swift
APP_ID := io.github.touchpainter.TouchPainter
# What `make install` installs (the tests install a debug build with `make -o release`).
BINARY ?= .build/release/touchpainter

.PHONY: setup setup-test build release run test check bench install uninstall clean

setup:
	@bash scripts/setup.sh build

setup-test:
	@bash scripts/setup.sh test

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release --product touchpainter

run: release
	./.build/release/touchpainter $(ARGS)

test: setup-test
	@bash scripts/test.sh

# Runs the whole suite N times on a fresh clone of HEAD and reports each run (stability).
N ?= 10
check: setup-test
	@bash scripts/check.sh $(N)

# Release build of the app and the benchmark, then the benchmark (app metrics in a private Xvfb).
bench: setup-test
	@bash scripts/bench.sh

install: release
	@# Metainfo, man page, symbolic icon and the MIME type go with the binary and desktop file.
	install -Dm755 $(BINARY) $(DESTDIR)$(PREFIX)/bin/touchpainter
	install -Dm644 data/$(APP_ID).desktop $(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop
	install -Dm644 data/$(APP_ID).svg $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg
	install -Dm644 data/$(APP_ID)-symbolic.svg $(DESTDIR)$(PREFIX)/share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg
	install -Dm644 data/$(APP_ID).xml $(DESTDIR)$(PREFIX)/share/mime/packages/$(APP_ID).xml
	install -Dm644 data/$(APP_ID).metainfo.xml $(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml
	install -Dm644 data/touchpainter.1 $(DESTDIR)$(PREFIX)/share/man/man1/touchpainter.1
	@# Refresh the desktop's caches when their tools are installed (a missing one is harmless).
	@! command -v update-mime-database >/dev/null || update-mime-database $(DESTDIR)$(PREFIX)/share/mime
	@! command -v gtk-update-icon-cache >/dev/null || gtk-update-icon-cache -q -t $(DESTDIR)$(PREFIX)/share/icons/hicolor
	@! command -v update-desktop-database >/dev/null || update-desktop-database -q $(DESTDIR)$(PREFIX)/share/applications

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/touchpainter \
	      $(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop \
	      $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg \
	      $(DESTDIR)$(PREFIX)/share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg \
	      $(DESTDIR)$(PREFIX)/share/mime/packages/$(APP_ID).xml \
	      $(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml \
	      $(DESTDIR)$(PREFIX)/share/man/man1/touchpainter.1

clean:
	rm -rf .build
