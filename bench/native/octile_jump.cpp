// The octile jump point search (OctileJump over TableFinder or BitFinder), written a second time
// in C++ with the same records, open list, tables and rules, to measure on this machine what the
// same design costs without the JVM. It reads grid stores written by `onepath bake` (sections 1,
// 4, 5 and 6 of docs/formats/store-v1.md) and Moving AI .scen files.
//
// Plain pruning also writes each path's cells into a buffer, as the tier-1 `jps` and `jpsplus`
// queries return a path; `--improved` returns the cost only, as `onepath scen --alg
// jps-improved,jpsplus-improved` does. -ffp-contract=off keeps a * b + c two roundings, as in
// Java, so the keys and the order match.
//
//   g++ -O2 -march=native -ffp-contract=off -o octile_jump bench/native/octile_jump.cpp
//   octile_jump [--bits] [--improved] [--passes N] STORE_DIR SCEN...
//
// --bits jumps by block scans over the stop words (BitFinder, `jps`), else by the JPS+ table
// (TableFinder, `jpsplus`).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/mman.h>
#include <vector>

namespace {

constexpr double SQRT2 = 1.4142135623730951;
constexpr int DX[8] = {0, 1, 0, -1, 1, 1, -1, -1};
constexpr int DY[8] = {-1, 0, 1, 0, -1, 1, 1, -1};
constexpr int CLOSED_BIT = 1;
constexpr int DIRECTION_SHIFT = 1;
constexpr int GENERATION_SHIFT = 4;

int direction_of(int sx, int sy) {
    for (int d = 0; d < 8; d++) {
        if (DX[d] == sx && DY[d] == sy) return d;
    }
    return -1;
}

int step_need(int d) {
    switch (d) {
        case 4: return 1 << 4 | 1 | 1 << 1;
        case 5: return 1 << 5 | 1 << 2 | 1 << 1;
        case 6: return 1 << 6 | 1 << 2 | 1 << 3;
        case 7: return 1 << 7 | 1 | 1 << 3;
        default: return 1 << d;
    }
}

int pruned(int arrival, int n) {
    int dx = DX[arrival], dy = DY[arrival];
    if (arrival >= 4) return 1 << arrival | 1 << direction_of(dx, 0) | 1 << direction_of(0, dy);
    int mask = 1 << arrival;
    for (int s = -1; s <= 1; s += 2) {
        int sx = dx == 0 ? s : 0, sy = dx == 0 ? 0 : s;
        bool side = (n >> direction_of(sx, sy) & 1) != 0;
        bool behind = (n >> direction_of(sx - dx, sy - dy) & 1) != 0;
        if (side && !behind) mask |= 1 << direction_of(sx, sy) | 1 << direction_of(sx + dx, sy + dy);
    }
    return mask;
}

uint8_t SUCCESSORS[9 * 256];

void build_successors() {
    for (int row = 0; row < 9; row++) {
        for (int n = 0; n < 256; n++) {
            int mask = row == 8 ? 0xFF : pruned(row, n);
            int legal = 0;
            for (int d = 0; d < 8; d++) {
                int need = step_need(d);
                if ((n & need) == need) legal |= 1 << d;
            }
            SUCCESSORS[row * 256 + n] = (uint8_t) (mask & legal);
        }
    }
}

// Memory in 2 MiB pages where the kernel allows (as org.onepath.memory.LargePages asks for it),
// unmapped when dropped; NO_HUGE=1 in the environment keeps 4 KiB pages.
class BigBlock {
public:
    BigBlock() = default;
    explicit BigBlock(size_t bytes) : length((bytes + (size_t(2) << 20) - 1) & ~((size_t(2) << 20) - 1)) {
        base = mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (base == MAP_FAILED) { perror("mmap"); exit(1); }
        if (getenv("NO_HUGE") == nullptr) madvise(base, length, MADV_HUGEPAGE);
    }
    BigBlock(BigBlock&& other) noexcept : base(other.base), length(other.length) { other.base = nullptr; }
    BigBlock& operator=(BigBlock&& other) noexcept {
        std::swap(base, other.base);
        std::swap(length, other.length);
        return *this;
    }
    BigBlock(const BigBlock&) = delete;
    BigBlock& operator=(const BigBlock&) = delete;
    ~BigBlock() { if (base != nullptr) munmap(base, length); }
    void* get() const { return base; }

private:
    void* base = nullptr;
    size_t length = 0;
};

struct Record { int32_t a, b, parent, tag; };
struct Slot { double f; uint64_t t; };

struct Map {
    int width = 0, height = 0;
    const uint8_t* neighbours = nullptr;
    const int16_t* table = nullptr;
    const uint64_t* blocks = nullptr;  // BlockMapLayout: rows, columns, the four stop arrays
    BigBlock memory[3];                // what the three point into
};

Map read_store(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) { fprintf(stderr, "%s: cannot open\n", path.c_str()); exit(2); }
    std::vector<char> file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto u32 = [&](size_t off) { uint32_t v; memcpy(&v, &file[off], 4); return v; };
    auto u64 = [&](size_t off) { uint64_t v; memcpy(&v, &file[off], 8); return v; };
    if (file.size() < 64 || u32(0) != 0x5453504F || u32(8) != 1) {
        fprintf(stderr, "%s: not a grid store (magic, kind)\n", path.c_str());
        exit(2);
    }
    Map m;
    uint32_t count = u32(32);
    uint64_t table_offset = u64(24);
    if (count > 64 || table_offset > file.size() || count * 64ull > file.size() - table_offset) {
        fprintf(stderr, "%s: section table (%u entries at %llu) past the end\n", path.c_str(), count,
                (unsigned long long) table_offset);
        exit(2);
    }
    for (uint32_t i = 0; i < count; i++) {
        size_t e = table_offset + i * 64;
        uint32_t id = u32(e);
        uint64_t off = u64(e + 8), len = u64(e + 16);
        if (off > file.size() || len > file.size() - off) {
            fprintf(stderr, "%s: section %u at %llu, length %llu, past the end\n", path.c_str(), id,
                    (unsigned long long) off, (unsigned long long) len);
            exit(2);
        }
        if (id == 1) {
            m.width = (int) u32(off);
            m.height = (int) u32(off + 4);
        } else if (id == 4 || id == 5 || id == 6) {
            BigBlock& block = m.memory[id - 4];
            block = BigBlock(len);
            void* copy = block.get();
            memcpy(copy, &file[off], len);
            if (id == 4) m.blocks = (const uint64_t*) copy;
            else if (id == 5) m.table = (const int16_t*) copy;
            else m.neighbours = (const uint8_t*) copy;
        }
    }
    if (m.blocks == nullptr || m.table == nullptr || m.neighbours == nullptr) {
        fprintf(stderr, "%s: no block map, JPS+ table or neighbour bytes\n", path.c_str());
        exit(2);
    }
    return m;
}

// Jump points from the JPS+ table with goal bounding (TableFinder).
class TableFinder {
public:
    static constexpr bool BY_TABLE = true;
    explicit TableFinder(const Map& m) : table(m.table) {}
    void target(int gx, int gy) { goal_x = gx; goal_y = gy; }

    int jump(int cell, int x, int y, int d) const {
        const int v = table[(size_t) cell * 8 + d];
        const int ox = goal_x - x, oy = goal_y - y;
        int toward, k;
        if (ox == 0) {
            toward = oy < 0 ? 0 : 2;
            k = std::abs(oy);
        } else if (oy == 0) {
            toward = ox > 0 ? 1 : 3;
            k = std::abs(ox);
        } else {
            toward = ox > 0 ? (oy < 0 ? 4 : 5) : (oy > 0 ? 6 : 7);
            k = std::min(std::abs(ox), std::abs(oy));
        }
        if (d == toward && k > 0 && k <= std::abs(v)) return k;
        return std::max(v, 0);
    }

private:
    const int16_t* table;
    int goal_x = 0, goal_y = 0;
};

// Jump points by block scans over the stop words (BitFinder); diagonal walks checked in the
// neighbour bytes.
class BitFinder {
public:
    static constexpr bool BY_TABLE = false;
    explicit BitFinder(const Map& m)
        : neighbours(m.neighbours), width(m.width), row_words((m.width + 63) / 64), column_words((m.height + 63) / 64) {
        size_t r = (size_t) m.height * row_words, c = (size_t) m.width * column_words;
        rows = m.blocks;
        columns = rows + r;
        east = columns + c;
        west = east + r;
        south = west + r;
        north = south + c;
    }
    void target(int gx, int gy) { goal_x = gx; goal_y = gy; }

    int jump(int cell, int x, int y, int d) const {
        switch (d) {
            case 0: return backward(columns, north, column_words, x, y, goal_x == x ? goal_y : -1);
            case 1: return forward(rows, east, row_words, y, x, goal_y == y ? goal_x : -1);
            case 2: return forward(columns, south, column_words, x, y, goal_x == x ? goal_y : -1);
            case 3: return backward(rows, west, row_words, y, x, goal_y == y ? goal_x : -1);
            default: return diagonal(cell, x, y, d);
        }
    }

private:
    const uint8_t* neighbours;
    const int width, row_words, column_words;
    const uint64_t *rows, *columns, *east, *west, *south, *north;
    int goal_x = 0, goal_y = 0;

    int diagonal(int cell, int x, int y, int d) const {
        const int dx = DX[d], dy = DY[d];
        const int need = step_need(d);
        const int delta = dx + dy * width;
        for (int steps = 1;; steps++) {
            if ((neighbours[cell] & need) != need) return 0;
            cell += delta;
            x += dx;
            y += dy;
            if (x == goal_x && y == goal_y) return steps;
            int goal_on_row = goal_y == y ? goal_x : -1;
            int h = dx > 0 ? forward(rows, east, row_words, y, x, goal_on_row) : backward(rows, west, row_words, y, x, goal_on_row);
            if (h > 0) return steps;
            int goal_on_column = goal_x == x ? goal_y : -1;
            int v = dy > 0 ? forward(columns, south, column_words, x, y, goal_on_column)
                           : backward(columns, north, column_words, x, y, goal_on_column);
            if (v > 0) return steps;
        }
    }

    static int forward(const uint64_t* walk, const uint64_t* stops, int words, int line, int from, int goal) {
        const size_t base = (size_t) line * words;
        const int first = from + 1;
        int k = first >> 6;
        int stop = words << 6;
        if (k < words) {
            uint64_t w = stops[base + k] & (~0ull << (first & 63));
            while (w == 0 && ++k < words) w = stops[base + k];
            if (w != 0) stop = (k << 6) + __builtin_ctzll(w);
        }
        if (goal > from && goal < stop) return goal - from;
        if (k >= words) return 0;
        return (walk[base + k] >> (stop & 63) & 1) != 0 ? stop - from : 0;
    }

    static int backward(const uint64_t* walk, const uint64_t* stops, int words, int line, int from, int goal) {
        const size_t base = (size_t) line * words;
        const int first = from - 1;
        int k = first >> 6;
        int stop = -1;
        if (first >= 0) {
            uint64_t w = stops[base + k] & (~0ull >> (63 - (first & 63)));
            while (w == 0 && --k >= 0) w = stops[base + k];
            if (w != 0) stop = (k << 6) + 63 - __builtin_clzll(w);
        }
        if (goal >= 0 && goal < from && goal > stop) return from - goal;
        if (stop < 0) return 0;
        return (walk[base + (stop >> 6)] >> (stop & 63) & 1) != 0 ? from - stop : 0;
    }
};

template <class Finder>
class Search {
public:
    Search(const Map& m, bool improved) : map(m), finder(m), width(m.width), improved(improved) {
        memory = BigBlock(sizeof(Record) * (size_t) m.width * m.height);
        records = (Record*) memory.get();
        heap.resize(1024);
        stack.resize(1024);
    }

    // Returns the path cost (infinity if none); counts expansions.
    double run(int start, int goal_cell) {
        generation++;
        goal = goal_cell;
        goal_x = goal % width;
        goal_y = goal / width;
        finder.target(goal_x, goal_y);
        heap_size = 0;
        stack_size = 0;
        level = NAN;
        expanded = 0;
        records[start] = {0, 0, -1, generation << GENERATION_SHIFT};
        push(start, start % width, start / width, 0, 0);
        const int gen_base = generation << GENERATION_SHIFT;
        while (true) {
            if (stack_size == 0 && heap_size == 0) return INFINITY;
            int cell = pop();
            int tag = records[cell].tag;
            if (tag & CLOSED_BIT) continue;
            records[cell].tag = tag | CLOSED_BIT;
            if (cell == goal) {
                if (!improved) write_path(start);
                return records[cell].a + records[cell].b * SQRT2;
            }
            expanded++;
            expand(cell, tag, gen_base);
        }
    }

    long expanded = 0;
    std::vector<int> path;

private:
    const Map& map;
    Finder finder;
    const int width;
    const bool improved;
    BigBlock memory;
    Record* records;
    std::vector<Slot> heap;
    std::vector<int> stack;
    int heap_size = 0, stack_size = 0;
    double level = NAN;
    int generation = 0;
    int goal = -1, goal_x = 0, goal_y = 0;

    // The path's cells, start first, each hop walked diagonally first, then straight.
    void write_path(int start) {
        const Record& g = records[goal];
        size_t length = (size_t) g.a + g.b + 1;
        if (path.size() < length) path.resize(length);
        size_t i = length - 1;
        path[i] = goal;
        for (int c = goal; c != start;) {
            int p = records[c].parent;
            int px = p % width, py = p / width;
            int ox = c % width - px, oy = c / width - py;
            int sx = (ox > 0) - (ox < 0), sy = (oy > 0) - (oy < 0);
            int diagonal = std::min(std::abs(ox), std::abs(oy));
            int straight = std::max(std::abs(ox), std::abs(oy)) - diagonal;
            int step_x = std::abs(ox) > std::abs(oy) ? sx : 0, step_y = std::abs(oy) > std::abs(ox) ? sy : 0;
            int x = c % width, y = c / width;
            for (int s = 0; s < straight; s++) {
                x -= step_x;
                y -= step_y;
                if (x != px || y != py) path[--i] = y * width + x;
            }
            for (int s = 0; s < diagonal; s++) {
                x -= sx;
                y -= sy;
                if (x != px || y != py) path[--i] = y * width + x;
            }
            path[--i] = p;
            c = p;
        }
    }

    void expand(int cell, int tag, int gen_base) {
        const Record r = records[cell];
        const int x = cell % width, y = cell / width;
        const int row = r.parent < 0 ? 8 : (tag >> DIRECTION_SHIFT) & 7;
        int mask = SUCCESSORS[row * 256 + map.neighbours[cell]];
        while (mask != 0) {
            const int d = __builtin_ctz(mask);
            mask &= mask - 1;
            if (improved && d >= 4) {
                diagonal_run(cell, x, y, d, r.a, r.b, gen_base);
                continue;
            }
            int steps = finder.jump(cell, x, y, d);
            if (steps == 0) continue;
            int qx = x + steps * DX[d], qy = y + steps * DY[d];
            if (d >= 4) offer(qy * width + qx, qx, qy, cell, d, r.a, r.b + steps, gen_base);
            else offer(qy * width + qx, qx, qy, cell, d, r.a + steps, r.b, gen_base);
        }
    }

    void diagonal_run(int origin, int x, int y, int d, int a, int b, int gen_base) {
        const int dx = DX[d], dy = DY[d];
        const int delta = dx + dy * width;
        const int first = dy < 0 ? 0 : 2;
        const int second = dx > 0 ? 1 : 3;
        const int lower = std::min(first, second), higher = std::max(first, second);
        const int need = step_need(d);
        int c = origin, k = 0;
        while (true) {
            int t;
            if (Finder::BY_TABLE) {
                t = finder.jump(c, x, y, d);
                if (t == 0) return;
            } else {
                if ((map.neighbours[c] & need) != need) return;
                t = 1;
            }
            x += t * dx;
            y += t * dy;
            c += t * delta;
            k += t;
            if (c == goal) {
                offer(c, x, y, origin, d, a, b + k, gen_base);
                return;
            }
            scan_from(c, x, y, lower, origin, a, b + k, gen_base);
            scan_from(c, x, y, higher, origin, a, b + k, gen_base);
        }
    }

    void scan_from(int c, int x, int y, int dir, int origin, int a, int b, int gen_base) {
        int t = finder.jump(c, x, y, dir);
        if (t > 0) {
            int qx = x + t * DX[dir], qy = y + t * DY[dir];
            offer(qy * width + qx, qx, qy, origin, dir, a + t, b, gen_base);
        }
    }

    void offer(int q, int qx, int qy, int parent, int dir, int na, int nb, int gen_base) {
        Record& r = records[q];
        if (r.tag >= gen_base) {
            if (r.tag & CLOSED_BIT) return;
            double old = r.a + r.b * SQRT2;
            if (!(na + nb * SQRT2 < old)) return;
        }
        r = {na, nb, parent, gen_base | dir << DIRECTION_SHIFT};
        push(q, qx, qy, na, nb);
    }

    static bool before(double f1, uint64_t t1, double f2, uint64_t t2) {
        return f1 < f2 || (f1 == f2 && t1 < t2);
    }

    double key(int a, int b, int x, int y) const {
        int dx = std::abs(x - goal_x), dy = std::abs(y - goal_y);
        int mn = std::min(dx, dy), mx = std::max(dx, dy);
        return (double) (a + (mx - mn)) + (b + mn) * SQRT2;
    }

    void push(int cell, int x, int y, int a, int b) {
        double g = a + b * SQRT2;
        double f = key(a, b, x, y);
        if (f == level) {
            if (stack_size == (int) stack.size()) stack.resize(stack.size() * 2);
            stack[stack_size++] = cell;
            return;
        }
        if (heap_size == (int) heap.size()) heap.resize(heap.size() * 2);
        float gf = (float) g;
        uint32_t bits;
        memcpy(&bits, &gf, 4);
        uint64_t t = (uint64_t) (~bits) << 32 | (uint32_t) cell;
        sift_up(heap_size++, f, t);
    }

    int pop() {
        if (stack_size > 0 && !(heap_size > 0 && heap[0].f < level)) return stack[--stack_size];
        level = heap[0].f;
        int cell = (int) heap[0].t;
        int last = --heap_size;
        if (last > 0) sift_down(heap[last].f, heap[last].t);
        return cell;
    }

    void sift_up(int pos, double f, uint64_t t) {
        Slot* h = heap.data();
        while (pos > 0) {
            int parent = (pos - 1) >> 2;
            if (!before(f, t, h[parent].f, h[parent].t)) break;
            h[pos] = h[parent];
            pos = parent;
        }
        h[pos] = {f, t};
    }

    void sift_down(double f, uint64_t t) {
        Slot* h = heap.data();
        const int n = heap_size;
        int pos = 0;
        while (true) {
            int first = (pos << 2) + 1;
            if (first >= n) break;
            int end = std::min(first + 4, n);
            int best = first;
            double bf = h[first].f;
            uint64_t bt = h[first].t;
            for (int c = first + 1; c < end; c++) {
                double cf = h[c].f;
                if (cf > bf) continue;
                uint64_t ct = h[c].t;
                if (before(cf, ct, bf, bt)) { best = c; bf = cf; bt = ct; }
            }
            if (!before(bf, bt, f, t)) break;
            h[pos] = {bf, bt};
            pos = best;
        }
        h[pos] = {f, t};
    }
};

struct Problem { int sx, sy, gx, gy; double optimal; };

// Solves every problem of one map `passes` times; returns the best pass's seconds, with the costs
// and the expanded count of the last pass.
template <class Finder>
double time_passes(const Map& m, const std::vector<Problem>& ps, bool improved, int passes, std::vector<double>& costs,
                   long& expanded) {
    Search<Finder> search(m, improved);
    double best = INFINITY;
    for (int pass = 0; pass < passes; pass++) {
        expanded = 0;
        auto t0 = std::chrono::steady_clock::now();
        for (size_t i = 0; i < ps.size(); i++) {
            costs[i] = search.run(ps[i].sy * m.width + ps[i].sx, ps[i].gy * m.width + ps[i].gx);
            expanded += search.expanded;
        }
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    return best;
}

}  // namespace

int main(int argc, char** argv) {
    bool improved = false, bits = false;
    int passes = 1;
    std::vector<std::string> args;
    for (int i = 1; i < argc; i++) {
        std::string s = argv[i];
        if (s == "--improved") improved = true;
        else if (s == "--bits") bits = true;
        else if (s == "--passes") passes = atoi(argv[++i]);
        else args.push_back(s);
    }
    if (args.size() < 2) { fprintf(stderr, "usage: octile_jump [--bits] [--improved] [--passes N] STORE_DIR SCEN...\n"); return 2; }
    build_successors();
    std::string store_dir = args[0];
    long problems = 0, mismatches = 0, expanded = 0;
    double seconds = 0;
    for (size_t f = 1; f < args.size(); f++) {
        std::ifstream in(args[f]);
        if (!in) { fprintf(stderr, "%s: cannot open\n", args[f].c_str()); return 2; }
        std::string line, map_name;
        std::vector<Problem> ps;
        std::getline(in, line);
        while (std::getline(in, line)) {
            std::istringstream ls(line);
            int bucket, w, h;
            Problem p;
            std::string name;
            if (!(ls >> bucket >> name >> w >> h >> p.sx >> p.sy >> p.gx >> p.gy >> p.optimal)) continue;
            map_name = name.substr(name.find_last_of('/') + 1);
            ps.push_back(p);
        }
        if (ps.empty()) { fprintf(stderr, "%s: no problems\n", args[f].c_str()); return 2; }
        Map m = read_store(store_dir + "/" + map_name.substr(0, map_name.size() - 4) + ".opstore");
        for (const Problem& p : ps) {
            if (p.sx < 0 || p.sy < 0 || p.gx < 0 || p.gy < 0 || p.sx >= m.width || p.gx >= m.width
                    || p.sy >= m.height || p.gy >= m.height) {
                fprintf(stderr, "%s: a problem lies outside the %d x %d map %s\n", args[f].c_str(), m.width, m.height,
                        map_name.c_str());
                return 2;
            }
        }
        std::vector<double> costs(ps.size());
        long exp = 0;
        double best = bits ? time_passes<BitFinder>(m, ps, improved, passes, costs, exp)
                           : time_passes<TableFinder>(m, ps, improved, passes, costs, exp);
        for (size_t i = 0; i < ps.size(); i++) {
            if (std::fabs(costs[i] - ps[i].optimal) > 1e-4 * std::max(1.0, ps[i].optimal)) mismatches++;
        }
        problems += ps.size();
        expanded += exp;
        seconds += best;
    }
    printf("%s %s problems %ld mismatches %ld expanded %ld search %.3f s per query %.1f us\n",
           bits ? "bits" : "table", improved ? "improved" : "plain", problems, mismatches, expanded, seconds, seconds / problems * 1e6);
    return 0;
}
