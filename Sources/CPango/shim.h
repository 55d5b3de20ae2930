/* Pango lays out and draws the text boxes' text onto Cairo (ScribbleKit's TextLayout): a
 * text library, not a toolkit. */
#include <pango/pangocairo.h>
