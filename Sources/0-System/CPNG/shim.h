#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

// libpng reports an error by calling the error callback, which must not return: it longjmps to
// the jmp_buf set by the libpng call's caller. Swift cannot setjmp, so each call that may fail
// is made here, inside a C function that sets the jump and returns 0 or -1; the callback keeps
// libpng's message in the reader for Swift to read.

/// One PNG read from memory, row by row. `data` and `size` are set before every call (the
/// bytes may move between calls); `offset` is how far libpng has read.
typedef struct cb_png_reader {
    png_structp png;
    png_infop info;
    const unsigned char *data;
    size_t size;
    size_t offset;
    /// Rows handed out so far.
    size_t rows;
    /// Set when libpng asked for bytes past the end of the data.
    int ran_out;
    /// libpng's message for the last error.
    char message[256];
} cb_png_reader;

static void cb_png_on_error(png_structp png, png_const_charp message) {
    cb_png_reader *reader = (cb_png_reader *)png_get_error_ptr(png);
    snprintf(reader->message, sizeof reader->message, "%s", message ? message : "unknown error");
    png_longjmp(png, 1);
}

// Warnings (a benign error, a discarded chunk) change nothing that is returned; libpng's
// default would print them on standard error.
static void cb_png_on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void cb_png_on_read(png_structp png, png_bytep out, size_t length) {
    cb_png_reader *reader = (cb_png_reader *)png_get_io_ptr(png);
    if (reader->offset > reader->size || reader->size - reader->offset < length) {
        reader->ran_out = 1;
        png_error(png, "the data ends inside a chunk");
    }
    memcpy(out, reader->data + reader->offset, length);
    reader->offset += length;
}

/// libpng's read and info structures with the callbacks above; 0, or -1 when out of memory.
static inline int cb_png_create(cb_png_reader *reader) {
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, cb_png_on_error, cb_png_on_warning);
    if (reader->png == NULL) return -1;
    reader->info = png_create_info_struct(reader->png);
    if (reader->info == NULL) {
        png_destroy_read_struct(&reader->png, NULL, NULL);
        return -1;
    }
    png_set_read_fn(reader->png, reader, cb_png_on_read);
    return 0;
}

static inline void cb_png_destroy(cb_png_reader *reader) {
    if (reader->png != NULL) png_destroy_read_struct(&reader->png, &reader->info, NULL);
}

/// Reads the signature and the chunks before the image data, and gives the header's fields
/// and whether a tRNS chunk makes a colour transparent; 0, or -1 with `message` set.
/// Every chunk but IHDR, PLTE, tRNS, IDAT and IEND is skipped unread (text, ICC profiles and
/// unknown chunks are never inflated or allocated, so libpng's 8 MB cap on a chunk it would
/// allocate is lifted: a large metadata chunk is skipped, not refused), every chunk's CRC is
/// checked, and the image's size limits are left to the caller, which names them.
static inline int cb_png_read_header(cb_png_reader *reader, png_uint_32 *width, png_uint_32 *height,
                                     int *depth, int *colour, int *interlace, int *transparency) {
    if (setjmp(png_jmpbuf(reader->png))) return -1;
    png_set_user_limits(reader->png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_set_chunk_malloc_max(reader->png, 0);
    png_set_keep_unknown_chunks(reader->png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    png_set_crc_action(reader->png, PNG_CRC_ERROR_QUIT, PNG_CRC_ERROR_QUIT);
    png_read_info(reader->png, reader->info);
    png_get_IHDR(reader->png, reader->info, width, height, depth, colour, interlace, NULL, NULL);
    *transparency = png_get_valid(reader->png, reader->info, PNG_INFO_tRNS) != 0;
    return 0;
}

/// Asks for straight 8-bit RGBA rows whatever the kind (palette, grey and tRNS expanded,
/// opaque images given alpha 255) and gives the bytes of a row; 0, or -1 with `message` set.
/// For images of 8 bits per sample or fewer, not interlaced: the caller refuses the others.
static inline int cb_png_start_rows(cb_png_reader *reader, size_t *rowBytes) {
    if (setjmp(png_jmpbuf(reader->png))) return -1;
    png_set_expand(reader->png);
    png_set_gray_to_rgb(reader->png);
    png_set_add_alpha(reader->png, 0xFF, PNG_FILLER_AFTER);
    png_read_update_info(reader->png, reader->info);
    *rowBytes = png_get_rowbytes(reader->png, reader->info);
    return 0;
}

/// Reads the next `count` rows into `out`, `rowBytes` apart, counting them in `rows`; with
/// `finish`, then reads the chunks after the image up to IEND (their CRCs checked). 0, or -1
/// with `message` set and `rows` the rows that were read whole.
static inline int cb_png_read_rows(cb_png_reader *reader, unsigned char *out, size_t rowBytes, size_t count, int finish) {
    if (setjmp(png_jmpbuf(reader->png))) return -1;
    for (size_t row = 0; row < count; row++) {
        png_read_row(reader->png, out + row * rowBytes, NULL);
        reader->rows += 1;
    }
    if (finish) png_read_end(reader->png, NULL);
    return 0;
}
