/*
 * The bench's eye on the screen (`make bench`, the PDF metrics): what a user sees, whatever
 * the app draws it with.
 *
 *   screen-watch X Y W H
 *
 * reads the rectangle W × H at (X, Y) of the root window (screen pixels) every 2 ms and prints
 * `change NS HASH` each time its pixels differ from the last read (NS: CLOCK_MONOTONIC, taken
 * when the read returned, so never before the pixels were up; HASH: FNV-1a of the pixels),
 * starting with the first read. Meanwhile it takes commands on stdin, one a line, and sends
 * them through XTest as real input, printing `sent NS` once the X server has them:
 *
 *   button N          press and release button N (4/5: wheel up/down, 6/7: left/right)
 *   ctrl-button N     the same with Control held (a zoom notch on the wheel)
 *   key NAME          press and release the key of X keysym NAME, with Control for a
 *                     `ctrl+` prefix (and Shift when the keysym needs it)
 *   quit              exits (as does the end of stdin)
 *
 * One process sends the input and watches the pixels, so the time from input to the first
 * changed frame is measured on one clock with no process started in between.
 *
 * Built by scripts/bench.sh: cc -O2 screen_watch.c -lXtst -lX11
 */
#define _POSIX_C_SOURCE 200809L
#include <X11/Xlib.h>
#include <X11/XKBlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>
#include <X11/keysym.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static unsigned long long now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (unsigned long long)now.tv_sec * 1000000000ULL + (unsigned long long)now.tv_nsec;
}

/* FNV-1a of the image's pixel rows (not the padding between them). */
static uint64_t hash_image(XImage *image) {
    uint64_t hash = 1469598103934665603ULL;
    int row_bytes = image->width * image->bits_per_pixel / 8;
    for (int y = 0; y < image->height; y++) {
        const unsigned char *row = (const unsigned char *)image->data + (long)y * image->bytes_per_line;
        for (int x = 0; x < row_bytes; x++) hash = (hash ^ row[x]) * 1099511628211ULL;
    }
    return hash;
}

static void send_key(Display *display, const char *spec) {
    int control = strncmp(spec, "ctrl+", 5) == 0;
    const char *name = control ? spec + 5 : spec;
    KeySym keysym = XStringToKeysym(name);
    KeyCode code = keysym == NoSymbol ? 0 : XKeysymToKeycode(display, keysym);
    if (!code) {
        fprintf(stderr, "screen-watch: no key for %s\n", name);
        return;
    }
    int shift = XkbKeycodeToKeysym(display, code, 0, 0) != keysym;
    KeyCode control_code = XKeysymToKeycode(display, XK_Control_L), shift_code = XKeysymToKeycode(display, XK_Shift_L);
    if (control) XTestFakeKeyEvent(display, control_code, True, CurrentTime);
    if (shift) XTestFakeKeyEvent(display, shift_code, True, CurrentTime);
    XTestFakeKeyEvent(display, code, True, CurrentTime);
    XTestFakeKeyEvent(display, code, False, CurrentTime);
    if (shift) XTestFakeKeyEvent(display, shift_code, False, CurrentTime);
    if (control) XTestFakeKeyEvent(display, control_code, False, CurrentTime);
}

/* Runs one command line; returns 0 on `quit`. */
static int command(Display *display, char *line) {
    line[strcspn(line, "\n")] = 0;
    if (strcmp(line, "quit") == 0) return 0;
    int control = strncmp(line, "ctrl-button ", 12) == 0;
    if (control || strncmp(line, "button ", 7) == 0) {
        unsigned button = (unsigned)atoi(line + (control ? 12 : 7));
        KeyCode control_code = XKeysymToKeycode(display, XK_Control_L);
        if (control) XTestFakeKeyEvent(display, control_code, True, CurrentTime);
        XTestFakeButtonEvent(display, button, True, CurrentTime);
        XTestFakeButtonEvent(display, button, False, CurrentTime);
        if (control) XTestFakeKeyEvent(display, control_code, False, CurrentTime);
    } else if (strncmp(line, "key ", 4) == 0) {
        send_key(display, line + 4);
    } else {
        fprintf(stderr, "screen-watch: unknown command %s\n", line);
        return 1;
    }
    XSync(display, False);
    printf("sent %llu\n", now_ns());
    fflush(stdout);
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 5) return fprintf(stderr, "usage: screen-watch X Y W H\n"), 2;
    int x = atoi(argv[1]), y = atoi(argv[2]), width = atoi(argv[3]), height = atoi(argv[4]);
    if (width < 1 || height < 1) return fprintf(stderr, "screen-watch: bad rectangle\n"), 2;
    Display *display = XOpenDisplay(NULL);
    if (!display) return fprintf(stderr, "screen-watch: cannot open the display\n"), 1;
    Window root = DefaultRootWindow(display);
    uint64_t last = 0;
    int first = 1;
    char line[256];
    for (;;) {
        XImage *image = XGetImage(display, root, x, y, (unsigned)width, (unsigned)height, AllPlanes, ZPixmap);
        unsigned long long at = now_ns();
        if (image) {
            uint64_t hash = hash_image(image);
            XDestroyImage(image);
            if (first || hash != last) {
                printf("change %llu %016llx\n", at, (unsigned long long)hash);
                fflush(stdout);
            }
            first = 0;
            last = hash;
        }
        struct pollfd input = {.fd = 0, .events = POLLIN};
        if (poll(&input, 1, 2) > 0) {
            if (!fgets(line, sizeof line, stdin)) break;
            if (!command(display, line)) break;
        }
    }
    XCloseDisplay(display);
    return 0;
}
