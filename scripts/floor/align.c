/* The floor for scripts/bench.py: the least work that aligns a document's pipe tables. Two passes over
 * each table (measure every cell, then print it padded), no parsing beyond splitting at `|`, widths from
 * a small range check (wide East Asian and emoji blocks 2, combining marks 0). Not a formatter: it
 * ignores escapes, code spans, containers and alignment rows; it only sets how fast aligning can be.
 * Usage: align FILE > OUT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int width_of(unsigned cp) {
    if (cp < 0x300) return 1;
    if ((cp >= 0x300 && cp <= 0x36F) || (cp >= 0x200B && cp <= 0x200F) || (cp >= 0xFE00 && cp <= 0xFE0F)) return 0;
    if ((cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) || (cp >= 0xAC00 && cp <= 0xD7A3) ||
        (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
        (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x1F300 && cp <= 0x1FAFF) || (cp >= 0x20000 && cp <= 0x3FFFD)) return 2;
    return 1;
}

/* Display width of bytes [s, e), trimmed of spaces at both ends (*ts, *te set to the trimmed span). */
static int cell_width(const char *s, const char *e, const char **ts, const char **te) {
    while (s < e && *s == ' ') s++;
    while (e > s && e[-1] == ' ') e--;
    *ts = s; *te = e;
    int w = 0;
    const unsigned char *p = (const unsigned char *)s;
    while (p < (const unsigned char *)e) {
        unsigned c = *p, cp;
        if (c < 0x80) { w++; p++; continue; }
        int n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
        cp = c & (0x3F >> (n - 1));
        for (int i = 1; i < n && p + i < (const unsigned char *)e; i++) cp = cp << 6 | (p[i] & 0x3F);
        w += width_of(cp);
        p += n;
    }
    return w;
}

static int is_row(const char *s, const char *e) { return e > s && *s == '|'; }

/* The next cell of a row after *p (just past a `|`), up to the row's end e: its trimmed text and width.
 * Returns 0 when no `|` closes another cell. */
static int next_cell(const char **p, const char *e, const char **ts, const char **te, int *w) {
    const char *bar = memchr(*p, '|', e - *p);
    if (!bar) return 0;
    *w = cell_width(*p, bar, ts, te);
    *p = bar + 1;
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: align FILE\n"); return 2; }
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 1; }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *doc = malloc(size + 1);
    if (fread(doc, 1, size, f) != (size_t)size) return 1;
    fclose(f);
    size_t capacity = size * 2 + 1024;
    char *out = malloc(capacity), *o = out;
    int widths[256];
    const char *line = doc, *end = doc + size;
    while (line < end) {
        const char *eol = memchr(line, '\n', end - line);
        if (!eol) eol = end;
        if (!is_row(line, eol)) {
            memcpy(o, line, eol - line + (eol < end)); o += eol - line + (eol < end);
            line = eol + 1;
            continue;
        }
        /* A table: the run of lines starting with `|`. Pass 1 measures, pass 2 prints. */
        const char *first = line, *stop = line;
        int columns = 0;
        memset(widths, 0, sizeof widths);
        while (stop < end) {
            const char *e = memchr(stop, '\n', end - stop);
            if (!e) e = end;
            if (!is_row(stop, e)) break;
            int column = 0, w;
            const char *p = stop + 1, *ts, *te;
            for (; column < 256 && next_cell(&p, e, &ts, &te, &w); column++)
                if (w > widths[column]) widths[column] = w;
            if (column > columns) columns = column;
            stop = e + 1;
        }
        size_t padding = 3 * columns + 2;
        for (int c = 0; c < columns && c < 256; c++) padding += widths[c];
        for (const char *row = first; row < stop && row < end;) {
            const char *e = memchr(row, '\n', end - row);
            if (!e) e = end;
            /* Room for the row: its own bytes and every column's padding, and the rest of the document. */
            size_t needed = (o - out) + (e - row) + padding + (end - e) + 1;
            if (needed > capacity) {
                size_t used = o - out;
                capacity = needed * 2;
                out = realloc(out, capacity);
                o = out + used;
            }
            int column = 0, w;
            const char *p = row + 1, *ts, *te;
            *o++ = '|';
            for (; column < 256 && next_cell(&p, e, &ts, &te, &w); column++) {
                *o++ = ' ';
                memcpy(o, ts, te - ts); o += te - ts;
                for (int pad = widths[column] - w; pad > 0; pad--) *o++ = ' ';
                *o++ = ' '; *o++ = '|';
            }
            if (e < end) *o++ = '\n';
            row = e + 1;
        }
        line = stop;
    }
    fwrite(out, 1, o - out, stdout);
    return 0;
}
