package org.onepath.store;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32C;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.VoxelAlgorithm;
import org.onepath.VoxelCell;
import org.onepath.VoxelGrid;
import org.onepath.VoxelOptions;
import org.onepath.VoxelPath;
import org.onepath.cells.Cell;
import org.onepath.cells.VoxelConnectivity;

/**
 * Queries an in-memory grid, a grid store and a world store from several threads at once for a
 * bounded time, with every engine their Javadoc says may run concurrently (every
 * {@link GridAlgorithm} through {@code Grid.findPath} and {@code GridStore.findPath}, every
 * {@link VoxelAlgorithm} through {@code VoxelWorldStore.findPath}), and compares each answer with
 * the one the same query gave when run alone. Then it closes everything and checks the native
 * memory: the JVM's count of malloc'd "Other" memory (where {@code Arena} allocations go; needs
 * {@code -XX:NativeMemoryTracking=summary}) and of mapped buffers return to their values before
 * the grid and stores existed, and the library's Cleaner ({@code LeakGuard}) freed nothing, so
 * every engine a concurrent query made was closed rather than dropped.
 *
 * <p>Prints one line {@code ok queries=Q threads=T ...} and exits 0, or prints the first problem
 * and exits 1. Run by {@link ConcurrentQueryStressTest}.
 *
 * <p>Arguments: grid store (baked from {@link #grid}), world store (written from
 * {@link #world}), threads, milliseconds.
 */
public final class QueryStressMain {
    private QueryStressMain() {}

    static Grid grid() {
        Grid g = StoreTestSupport.randomGrid(128, 112, 5, 25);
        g.setArea(0, 0, 0);
        g.setArea(127, 111, 0);
        return g;
    }

    static VoxelGrid world() {
        return VoxelWorldStorePropertyTest.randomWorld(40, 35, 30, 0, 42);
    }

    /** One query and the answer it gave when run alone. */
    private record Query(String what, Answer run, String expected) {}

    private interface Answer {
        String get() throws StoreException;
    }

    public static void main(String[] args) throws Exception {
        Path gridFile = Path.of(args[0]);
        Path worldFile = Path.of(args[1]);
        int threads = Integer.parseInt(args[2]);
        long millis = Long.parseLong(args[3]);

        // Opening once first fills the JDK's per-thread I/O buffers, which stay: not ours to count.
        try (GridStore s = GridStore.open(gridFile);
                VoxelWorldStore w = VoxelWorldStore.open(worldFile)) {
            s.findPath(new Cell(0, 0), new Cell(1, 1), GridOptions.DEFAULT);
            w.findPath(new VoxelCell(0, 0, 0), new VoxelCell(0, 0, 0), VoxelOptions.DEFAULT);
        }
        System.gc();
        long[] otherBefore = nativeOther();
        long[] mappedBefore = mapped();
        long freedBefore = leakGuardFreed();

        AtomicLong queries = new AtomicLong();
        AtomicReference<String> problem = new AtomicReference<>();
        int queryCount;
        long aloneMillis;
        long[] otherOpen;
        try (Grid memory = grid();
                GridStore store = GridStore.open(gridFile);
                VoxelWorldStore worldStore = VoxelWorldStore.open(worldFile)) {
            long t0 = System.nanoTime();
            List<Query> list = queries(memory, store, worldStore);
            queryCount = list.size();
            aloneMillis = (System.nanoTime() - t0) / 1_000_000;
            long deadline = System.nanoTime() + millis * 1_000_000L;
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int first = t * list.size() / threads;
                workers.add(Thread.ofPlatform().name("stress-" + t).start(() -> {
                    try {
                        start.await();
                        for (int i = first; System.nanoTime() < deadline && problem.get() == null; i++) {
                            Query q = list.get(i % list.size());
                            String got = q.run().get();
                            queries.incrementAndGet();
                            if (!got.equals(q.expected())) {
                                problem.compareAndSet(
                                        null, q.what() + " gave " + got + " on a thread, " + q.expected() + " alone");
                            }
                        }
                    } catch (Throwable e) {
                        problem.compareAndSet(null, Thread.currentThread().getName() + " threw " + e);
                    }
                }));
            }
            start.countDown();
            for (Thread w : workers) {
                w.join();
            }
            otherOpen = nativeOther();
        }
        if (problem.get() != null) {
            fail(problem.get());
        }
        System.gc();
        Thread.sleep(200);
        System.gc();
        Thread.sleep(200);
        long[] otherAfter = nativeOther();
        long[] mappedAfter = mapped();
        long freedAfter = leakGuardFreed();
        String counters = "native-other=#" + otherBefore[0] + "/" + otherBefore[1] + "KB->(open #" + otherOpen[0]
                + "/" + otherOpen[1] + "KB)->#" + otherAfter[0] + "/" + otherAfter[1] + "KB mapped=" + mappedBefore[0]
                + "/"
                + mappedBefore[1] + "->" + mappedAfter[0] + "/" + mappedAfter[1] + " cleaner-freed=" + freedBefore
                + "->"
                + freedAfter;
        if (otherOpen[0] <= otherBefore[0]) {
            fail("the native memory count did not grow while the grid and stores were open, so it does not"
                    + " measure them: " + counters);
        }
        if (otherAfter[0] != otherBefore[0]
                || otherAfter[1] != otherBefore[1]
                || mappedAfter[0] != mappedBefore[0]
                || mappedAfter[1] != mappedBefore[1]
                || freedAfter != freedBefore) {
            fail("native memory did not return to its start: " + counters);
        }
        System.out.println("ok queries=" + queries.get() + " threads=" + threads + " distinct=" + queryCount
                + " alone-ms=" + aloneMillis + " " + counters);
        System.out.flush();
        System.exit(0);
    }

    private static void fail(String message) {
        System.out.println("FAILED " + message);
        System.out.flush();
        System.exit(1);
    }

    /** Every query, run once alone: its answer is what the threads must get. */
    private static List<Query> queries(Grid memory, GridStore store, VoxelWorldStore world) throws StoreException {
        List<Query> list = new ArrayList<>();
        Random rnd = new Random(77);
        List<Cell[]> pairs = StoreTestSupport.randomPairs(memory, rnd, 3);
        pairs.add(new Cell[] {new Cell(0, 0), new Cell(memory.width() - 1, memory.height() - 1)});
        for (Cell[] p : pairs) {
            for (GridAlgorithm alg : GridAlgorithm.values()) {
                for (GridOptions o : StoreTestSupport.optionVariants(alg)) {
                    String what = p[0] + "->" + p[1] + " " + o;
                    add(list, "grid " + what, () -> describe(memory.findPath(p[0], p[1], o)));
                    add(list, "grid store " + what, () -> describe(store.findPath(p[0], p[1], o)));
                }
            }
        }
        VoxelGrid w = world.grid();
        for (int i = 0; i < 6; i++) {
            VoxelCell a = new VoxelCell(rnd.nextInt(w.sizeX()), rnd.nextInt(w.sizeY()), rnd.nextInt(w.sizeZ()));
            VoxelCell b = new VoxelCell(rnd.nextInt(w.sizeX()), rnd.nextInt(w.sizeY()), rnd.nextInt(w.sizeZ()));
            for (VoxelAlgorithm alg : VoxelAlgorithm.values()) {
                for (VoxelConnectivity c : VoxelConnectivity.values()) {
                    VoxelOptions o = VoxelOptions.builder()
                            .algorithm(alg)
                            .connectivity(c)
                            .build();
                    add(
                            list,
                            "world store " + a + "->" + b + " " + alg + " " + c,
                            () -> describe(world.findPath(a, b, o)));
                }
            }
        }
        return list;
    }

    private static void add(List<Query> list, String what, Answer run) throws StoreException {
        list.add(new Query(what, run, run.get()));
    }

    private static String describe(GridPath p) {
        return p.status() + " " + p.algorithm() + " " + Double.doubleToLongBits(p.cost()) + " " + p.expandedCount()
                + " " + hash(p.cellIndices());
    }

    private static String describe(VoxelPath p) {
        return p.status() + " " + Double.doubleToLongBits(p.cost()) + " " + p.expandedCount() + " "
                + hash(p.nodeIndices());
    }

    private static String hash(int[] path) {
        CRC32C crc = new CRC32C();
        java.nio.ByteBuffer bytes = java.nio.ByteBuffer.allocate(path.length * Integer.BYTES);
        bytes.asIntBuffer().put(path);
        crc.update(bytes);
        return path.length + ":" + Long.toHexString(crc.getValue());
    }

    /**
     * Live allocations and kilobytes of native memory the JVM's tracking counts as malloc'd
     * "Other": what arenas allocate.
     */
    private static long[] nativeOther() throws Exception {
        // Reached by reflection: the module under test does not read java.management (the child
        // runs on the class path, where it may).
        Object server = Class.forName("java.lang.management.ManagementFactory")
                .getMethod("getPlatformMBeanServer")
                .invoke(null);
        Class<?> objectName = Class.forName("javax.management.ObjectName");
        String summary = (String) Class.forName("javax.management.MBeanServer")
                .getMethod("invoke", objectName, String.class, Object[].class, String[].class)
                .invoke(
                        server,
                        objectName
                                .getConstructor(String.class)
                                .newInstance("com.sun.management:type=DiagnosticCommand"),
                        "vmNativeMemory",
                        new Object[] {new String[] {"summary", "scale=KB"}},
                        new String[] {String[].class.getName()});
        if (!summary.contains("Native Memory Tracking:")) {
            throw new IllegalStateException(
                    "no native memory summary (run with -XX:NativeMemoryTracking=summary): " + summary);
        }
        Matcher m = Pattern.compile("-\\s+Other \\(reserved=[^)]*\\)\\s+\\(malloc=(\\d+)KB[^#)]*#(\\d+)\\)")
                .matcher(summary);
        if (!m.find()) {
            return new long[2]; // the summary omits a category under 1 KB
        }
        // the count of live allocations is exact where the kilobytes are rounded
        return new long[] {Long.parseLong(m.group(2)), Long.parseLong(m.group(1))};
    }

    /** Count and bytes of the JVM's mapped buffers: every mapped store file counts. */
    private static long[] mapped() throws Exception {
        Class<?> poolType = Class.forName("java.lang.management.BufferPoolMXBean");
        List<?> pools = (List<?>) Class.forName("java.lang.management.ManagementFactory")
                .getMethod("getPlatformMXBeans", Class.class)
                .invoke(null, poolType);
        for (Object pool : pools) {
            if (poolType.getMethod("getName").invoke(pool).equals("mapped")) {
                return new long[] {
                    (Long) poolType.getMethod("getCount").invoke(pool),
                    (Long) poolType.getMethod("getMemoryUsed").invoke(pool)
                };
            }
        }
        throw new IllegalStateException("no mapped buffer pool");
    }

    /** Arenas the library's Cleaner closed for owners dropped without close(). */
    private static long leakGuardFreed() throws Exception {
        // org.onepath.memory is not exported; the child runs the modules on the class path
        return (Long) Class.forName("org.onepath.memory.LeakGuard")
                .getMethod("freedCount")
                .invoke(null);
    }
}
