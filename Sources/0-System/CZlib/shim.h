#include <zlib.h>

// deflateInit2 is a macro (it passes the library's version and struct size); Swift cannot call it.
static inline int cb_deflateInit2(z_streamp stream, int level, int method, int windowBits, int memLevel, int strategy) {
    return deflateInit2(stream, level, method, windowBits, memLevel, strategy);
}
