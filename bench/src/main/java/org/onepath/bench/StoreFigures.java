package org.onepath.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.onepath.Grid;
import org.onepath.GridPath;
import org.onepath.cells.Cell;
import org.onepath.cells.GridTables;
import org.onepath.store.GridStore;
import org.onepath.store.StoreFile;
import org.onepath.store.StoreLayout;

/**
 * Prints how much of a baked grid store a cold open and one query read: the {@link StoreMap}
 * (1024 x 1024) is baked to a temporary file, the file's pages are evicted from the page cache
 * ({@link PageCache#evict}), the store is opened and queried, and {@code mincore(2)} counts the
 * file's pages that became resident, in all and per section. Each case starts from an evicted
 * file and a new store:
 * <ul>
 *   <li>open alone;</li>
 *   <li>open and the JPS+ query across the map ({@link StoreBenchmark}'s query);</li>
 *   <li>the same with {@code madvise(MADV_RANDOM)} on the store's mapping and the pages the open
 *       read around its own evicted again before the query, so that a fault reads its own page
 *       only and what the query adds is the pages it touched;</li>
 *   <li>open and a short query inside the first room, with and without read-around.</li>
 * </ul>
 * {@link StoreBenchmark} measures the times. Run: {@code java --enable-native-access=ALL-UNNAMED -cp bench/target/benchmarks.jar
 * org.onepath.bench.StoreFigures}; the temporary file goes to {@code java.io.tmpdir}, which must
 * be on a disk (not a tmpfs) for the eviction to work.
 */
public final class StoreFigures {
    private StoreFigures() {}

    public static void main(String[] args) throws IOException {
        Cell from;
        Cell to;
        Cell near;
        Path file;
        long t0 = System.nanoTime();
        try (Grid grid = StoreMap.generate()) {
            int open = 0;
            for (int y = 0; y < grid.height(); y++) {
                for (int x = 0; x < grid.width(); x++) {
                    open += grid.isWalkable(x, y) ? 1 : 0;
                }
            }
            print(
                    "map",
                    grid.width() + " x " + grid.height() + " rooms and corridors (seed " + StoreMap.SEED + "), " + open
                            + " open cells, made in " + ms(System.nanoTime() - t0));
            from = StoreMap.firstOpen(grid);
            to = StoreMap.lastOpen(grid);
            near = nearbyOpen(grid, from);
            long t1 = System.nanoTime();
            file = StoreMap.bake(grid);
            print("bake", "tables derived and file written in " + ms(System.nanoTime() - t1));
        }
        try {
            report(file, from, to, near);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static void report(Path file, Cell from, Cell to, Cell near) throws IOException {
        long length = Files.size(file);
        int pages = PageCache.pagesIn(0, length);
        print("store file", length + " bytes = " + pages + " pages of " + PageCache.PAGE_SIZE + " bytes");
        StoreFile.Section[] sections;
        try (GridStore store = GridStore.open(file)) {
            sections = store.file().sections().toArray(StoreFile.Section[]::new);
            for (StoreFile.Section s : sections) {
                print(
                        "  section " + s.name(),
                        s.length() + " bytes at " + s.offset() + ", " + PageCache.pagesIn(s.offset(), s.length())
                                + " pages");
            }
            GridTables t = store.grid().tables();
            print(
                    "tables after open",
                    "clearance, block map and JPS+ table are the mapped sections: "
                            + (t.clearance().isMapped()
                                    && t.blockMap().isMapped()
                                    && t.jpsPlus().isMapped()));
        }

        PageCache.evict(file);
        print("after eviction", residentLine(PageCache.residentPages(file), pages, sections));

        try (GridStore opened = GridStore.open(file)) {
            // Opening alone is what is measured: how many pages the checks touched.
            print(
                    "cold open (" + opened.grid().width() + " x "
                            + opened.grid().height() + ")",
                    residentLine(PageCache.residentPages(file), pages, sections));
        }

        for (boolean random : new boolean[] {false, true}) {
            String how = random ? " (MADV_RANDOM)" : " (read-around)";
            cold(file, from, to, "cold open + query across" + how, random, pages, sections);
        }
        for (boolean random : new boolean[] {false, true}) {
            String how = random ? " (MADV_RANDOM)" : " (read-around)";
            cold(file, from, near, "cold open + short query" + how, random, pages, sections);
        }
    }

    private static void cold(
            Path file, Cell from, Cell to, String what, boolean random, int pages, StoreFile.Section[] sections)
            throws IOException {
        PageCache.evict(file);
        try (GridStore store = GridStore.open(file)) {
            boolean[] before = null;
            if (random) {
                // Opening read the footer's page through the mapping, and the kernel read around it;
                // drop those pages again (the ones the store maps stay) and turn read-around off,
                // so that what the query adds is the pages it touches.
                adviseRandom(store);
                PageCache.evict(file);
                before = PageCache.residentPages(file);
            }
            GridPath path = StoreMap.check(store.grid().findPath(from, to, StoreMap.JPS_PLUS));
            boolean[] after = PageCache.residentPages(file);
            print(
                    what,
                    from + " -> " + to + ": cost " + String.format(Locale.ROOT, "%.1f", path.cost()) + ", "
                            + path.length() + " cells, " + path.expandedCount() + " expanded");
            if (random) {
                print("  resident before the query", residentLine(before, pages, sections));
                print("  resident after the query", residentLine(after, pages, sections));
            } else {
                print("  resident after the query", residentLine(after, pages, sections));
            }
        }
    }

    /** MADV_RANDOM over the store's whole mapping, found from the cells section's address and offset. */
    private static void adviseRandom(GridStore store) throws IOException {
        StoreFile.Section cells = store.file().section(StoreLayout.SECTION_CELLS);
        long base = store.grid().cells().address() - cells.offset();
        PageCache.adviseRandom(base, store.file().fileLength());
    }

    /** An open cell about 20 cells from {@code from} along the row or the column, for a short query. */
    private static Cell nearbyOpen(Grid grid, Cell from) {
        for (int d = 20; d > 0; d--) {
            if (grid.contains(from.x() + d, from.y() + d) && grid.isWalkable(from.x() + d, from.y() + d)) {
                return new Cell(from.x() + d, from.y() + d);
            }
        }
        throw new IllegalStateException("no open cell near " + from);
    }

    private static String residentLine(boolean[] resident, int pages, StoreFile.Section[] sections) {
        StringBuilder b = new StringBuilder();
        b.append(PageCache.count(resident)).append(" of ").append(pages).append(" pages resident (");
        for (int i = 0; i < sections.length; i++) {
            StoreFile.Section s = sections[i];
            b.append(i == 0 ? "" : ", ")
                    .append(s.name())
                    .append(' ')
                    .append(PageCache.residentIn(resident, s.offset(), s.length()))
                    .append('/')
                    .append(PageCache.pagesIn(s.offset(), s.length()));
        }
        return b.append(')').toString();
    }

    private static void print(String what, String value) {
        System.out.printf(Locale.ROOT, "%-44s %s%n", what, value);
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.2f ms", nanos / 1e6);
    }
}
