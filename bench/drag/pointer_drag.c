/*
 * The bench's drag (`make bench`, README "Performance"): real X input through XTest, as a
 * pen held down and moved round a circle sends it, at a rate held to the microsecond.
 *
 *   pointer-drag CX CY RADIUS COUNT RATE
 *
 * presses button 1 at the circle's start (a step before the first move), makes COUNT moves
 * about 4 px apart round the circle of RADIUS px about (CX, CY) (screen pixels), and releases.
 * Move i goes at i / RATE seconds after the press, by the monotonic clock (RATE moves a
 * second; 0: as fast as the X server takes them). The times are absolute, so a late wake-up
 * (a busy machine) sends the moves due at once and the average rate holds: a program that
 * keeps up draws frames at its frame clock's pace, the same number a drag, which is what
 * makes its CPU time per event comparable from launch to launch. (xdotool's `sleep` between
 * moves drifts with its own overhead: on a busy machine the same drag took 3.7 to 7.2 s.)
 * Then XSync: every event is with the server when this exits.
 *
 * Built by scripts/bench.sh: cc -O2 pointer_drag.c -lXtst -lX11 -lm
 */
#define _POSIX_C_SOURCE 200809L
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long point(double centre, double radius, unsigned index, double (*along)(double)) {
    return lround(centre + radius * along(index * 4 / radius));
}

int main(int argc, char **argv) {
    if (argc != 6) return fprintf(stderr, "usage: pointer-drag CX CY RADIUS COUNT RATE\n"), 2;
    double cx = atof(argv[1]), cy = atof(argv[2]), radius = atof(argv[3]), rate = atof(argv[5]);
    long count = atol(argv[4]);
    if (radius <= 0 || count < 1 || rate < 0) return fprintf(stderr, "pointer-drag: bad arguments\n"), 2;
    Display *display = XOpenDisplay(NULL);
    if (!display) return fprintf(stderr, "pointer-drag: cannot open the display\n"), 1;
    int screen = DefaultScreen(display);

    XTestFakeMotionEvent(display, screen, (int)point(cx, radius, 0, cos) - 4, (int)point(cy, radius, 0, sin), CurrentTime);
    XTestFakeButtonEvent(display, 1, True, CurrentTime);
    XFlush(display);
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long i = 1; i <= count; i++) {
        if (rate > 0) {
            double due = (double)i / rate;
            struct timespec at = {start.tv_sec + (time_t)due, start.tv_nsec + (long)((due - floor(due)) * 1e9)};
            if (at.tv_nsec >= 1000000000L) at.tv_sec++, at.tv_nsec -= 1000000000L;
            clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, NULL);
        }
        XTestFakeMotionEvent(display, screen, (int)point(cx, radius, (unsigned)i, cos), (int)point(cy, radius, (unsigned)i, sin), CurrentTime);
        XFlush(display);
    }
    XTestFakeButtonEvent(display, 1, False, CurrentTime);
    XSync(display, False);
    XCloseDisplay(display);
    return 0;
}
