// A naive breadth-first solver for 4x4 Bloq boards, written the way the original game's
// published solver was: a board is a 16-character string, states go through a FIFO
// queue, and a hash set of strings remembers what was seen. Like the original it drops
// a state where some colour has a single block left (it can never be cleared; the
// original also dropped "exactly three", its bug, which this leaves out). No bound, no
// packing. `bloq bench` runs it as a whole process against `bloq solve` on the same
// boards (solve_process_vs_naive). Usage: naive-bfs BOARD, with BOARD the 16 cells row by
// row (R O Y G B P C W blocks, '.' empty, '#' wall); prints the optimal number of moves
// or "unsolvable".
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIDE 4
#define CELLS (SIDE * SIDE)

typedef struct { char cells[CELLS + 1]; int depth; } State;

static State *queue;
static size_t queue_head, queue_tail, queue_capacity;

static char **table;
static size_t table_capacity, table_count;

static unsigned long hash(const char *s) {
    unsigned long h = 5381;
    while (*s) h = h * 33 + (unsigned char)*s++;
    return h;
}

static int insert(const char *board) {
    if ((table_count + 1) * 2 > table_capacity) {
        size_t old_capacity = table_capacity;
        char **old = table;
        table_capacity = old_capacity ? old_capacity * 2 : 1024;
        table = calloc(table_capacity, sizeof(char *));
        if (!table) { fputs("out of memory\n", stderr); exit(75); }
        for (size_t i = 0; i < old_capacity; i++) {
            if (!old[i]) continue;
            size_t j = hash(old[i]) % table_capacity;
            while (table[j]) j = (j + 1) % table_capacity;
            table[j] = old[i];
        }
        free(old);
    }
    size_t j = hash(board) % table_capacity;
    while (table[j]) {
        if (strcmp(table[j], board) == 0) return 0;
        j = (j + 1) % table_capacity;
    }
    table[j] = strdup(board);
    table_count++;
    return 1;
}

static void push(const char *board, int depth) {
    if (queue_tail == queue_capacity) {
        queue_capacity = queue_capacity ? queue_capacity * 2 : 1024;
        queue = realloc(queue, queue_capacity * sizeof(State));
        if (!queue) { fputs("out of memory\n", stderr); exit(75); }
    }
    memcpy(queue[queue_tail].cells, board, CELLS + 1);
    queue[queue_tail].depth = depth;
    queue_tail++;
}

static int is_block(char c) { return c != '.' && c != '#'; }

// Whether some colour has exactly one block: such a board can never be cleared.
static int stranded(const char *board) {
    int counts[256] = {0};
    for (int i = 0; i < CELLS; i++) if (is_block(board[i])) counts[(unsigned char)board[i]]++;
    for (int c = 0; c < 256; c++) if (counts[c] == 1) return 1;
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 2 || strlen(argv[1]) != CELLS) {
        fputs("usage: naive-bfs BOARD (16 cells row by row)\n", stderr);
        return 64;
    }
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    insert(argv[1]);
    push(argv[1], 0);
    while (queue_head < queue_tail) {
        State state = queue[queue_head++];
        int empty = 1;
        for (int i = 0; i < CELLS; i++) if (is_block(state.cells[i])) empty = 0;
        if (empty) { printf("%d\n", state.depth); return 0; }
        for (int cell = 0; cell < CELLS; cell++) {
            char color = state.cells[cell];
            if (!is_block(color)) continue;
            for (int d = 0; d < 4; d++) {
                int r = cell / SIDE, c = cell % SIDE;
                // Slide through empty cells until the next is a block, a wall or the edge.
                int moved = 0;
                while (1) {
                    int nr = r + dr[d], nc = c + dc[d];
                    if (nr < 0 || nr >= SIDE || nc < 0 || nc >= SIDE || state.cells[nr * SIDE + nc] != '.') break;
                    r = nr; c = nc; moved = 1;
                }
                if (!moved) continue;
                char next[CELLS + 1];
                memcpy(next, state.cells, CELLS + 1);
                next[cell] = '.';
                next[r * SIDE + c] = color;
                // The moved block and the same-coloured blocks it touches vanish.
                int vanished = 0;
                for (int n = 0; n < 4; n++) {
                    int nr = r + dr[n], nc = c + dc[n];
                    if (nr < 0 || nr >= SIDE || nc < 0 || nc >= SIDE) continue;
                    if (next[nr * SIDE + nc] == color) { next[nr * SIDE + nc] = '.'; vanished = 1; }
                }
                if (vanished) next[r * SIDE + c] = '.';
                if (!stranded(next) && insert(next)) push(next, state.depth + 1);
            }
        }
    }
    puts("unsolvable");
    return 0;
}
