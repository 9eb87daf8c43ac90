package org.onepath.bench;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The design card's question, answered with numbers: the same three operations through
 * {@code java.lang.foreign} ({@link ForeignSubstrate}, the engine's substrate), Agrona's
 * {@code UnsafeBuffer} ({@link AgronaSubstrate}) and Chronicle Bytes ({@link ChronicleSubstrate}).
 *
 * <ul>
 *   <li>{@code snapshotCopy*}: a grid snapshot's payload, the 16 MiB cells of a 4096 x 4096 grid
 *       copied to the cells' offset of a state buffer, as {@code Grid.saveState} does;</li>
 *   <li>{@code heapSift*}: {@code OctileAStar}'s 4-ary open list over 16-byte slots, with the
 *       position written into a 16-byte node record on every slot move: 65,536 pushes, then
 *       65,536 pops;</li>
 *   <li>{@code sectionRead*}: the 16 MiB JPS+ section of a baked 1024 x 1024 store, mapped
 *       read-only, its i16 little-endian entries read and summed (the file's pages stay in the
 *       page cache and mapped, so this measures reads through a mapping, not the disk).</li>
 * </ul>
 * Each substrate allocates and maps its memory its own usual way (the classes say how); the
 * inputs ({@link SubstrateInputs}) are the same bytes for all three, and
 * {@code SubstrateBenchmarkTest} checks that the three compute the same results.
 *
 * <p>Each method forks with exactly the JVM flags its library needs on JDK 25, so the figures
 * also show what a host must add to its command line: none for {@code java.lang.foreign}; for
 * Agrona 2 the export of {@code jdk.internal.misc} (its {@code UnsafeBuffer} calls the JDK's
 * internal {@code Unsafe}); for Chronicle Bytes the opens and exports without which
 * {@code net.openhft.chronicle.core.Jvm} fails to initialise or warns, native access for the JNR
 * library it loads, and {@code --sun-misc-unsafe-memory-access=allow}, without which JDK 24 and
 * later print the JEP 498 warning. The forks of one substrate never load the classes of another.
 * {@code docs/build.md}, "Substrates", has the figures and the command.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SubstrateBenchmark {
    /** Agrona 2.6.0 on JDK 25: {@code UnsafeBuffer} fails at class initialisation without it. */
    static final String AGRONA_EXPORTS = "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED";

    /** Chronicle Bytes 2.27ea0 on JDK 25: {@code Jvm.<clinit>} throws without it. */
    static final String CHRONICLE_OPENS_REFLECT = "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED";
    /** Chronicle Bytes: mapping a file ({@code MappedFile}) fails without it. */
    static final String CHRONICLE_EXPORTS_NIO = "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED";
    /** Chronicle Bytes: without it, a warning that it cannot use the JDK's buffer cleaner. */
    static final String CHRONICLE_EXPORTS_REF = "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED";
    /** Chronicle Bytes: its {@code posix} dependency loads JNR's native stub ({@code System.load}). */
    static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";
    /** Chronicle Bytes: without it, JDK 24+ warn that {@code sun.misc.Unsafe} memory access is used. */
    static final String UNSAFE_ALLOW = "--sun-misc-unsafe-memory-access=allow";

    /** The inputs, the same for every substrate. */
    @State(Scope.Benchmark)
    public static class Inputs {
        byte[] cells;
        SubstrateInputs.HeapEntries entries;
        SubstrateInputs.BakedSection section;

        @Setup(Level.Trial)
        public void make() throws IOException {
            cells = SubstrateInputs.cells();
            entries = SubstrateInputs.heapEntries();
            section = SubstrateInputs.bakedSection();
        }

        @TearDown(Level.Trial)
        public void delete() throws IOException {
            section.close();
        }
    }

    @State(Scope.Thread)
    public static class Foreign {
        ForeignSubstrate substrate;

        @Setup(Level.Trial)
        public void open(Inputs in) throws IOException {
            substrate = new ForeignSubstrate(in.cells, in.entries, in.section);
        }

        @TearDown(Level.Trial)
        public void close() {
            substrate.close();
        }
    }

    @State(Scope.Thread)
    public static class Agrona {
        AgronaSubstrate substrate;

        @Setup(Level.Trial)
        public void open(Inputs in) {
            substrate = new AgronaSubstrate(in.cells, in.entries, in.section);
        }

        @TearDown(Level.Trial)
        public void close() {
            substrate.close();
        }
    }

    @State(Scope.Thread)
    public static class Chronicle {
        ChronicleSubstrate substrate;

        @Setup(Level.Trial)
        public void open(Inputs in) throws IOException {
            substrate = new ChronicleSubstrate(in.cells, in.entries, in.section);
        }

        @TearDown(Level.Trial)
        public void close() {
            substrate.close();
        }
    }

    // ---- 16 MiB snapshot copy ----

    @Benchmark
    @Fork(1)
    public long snapshotCopyForeign(Foreign s) {
        return s.substrate.snapshotCopy();
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = AGRONA_EXPORTS)
    public long snapshotCopyAgrona(Agrona s) {
        return s.substrate.snapshotCopy();
    }

    @Benchmark
    @Fork(
            value = 1,
            jvmArgsAppend = {
                CHRONICLE_OPENS_REFLECT,
                CHRONICLE_EXPORTS_NIO,
                CHRONICLE_EXPORTS_REF,
                NATIVE_ACCESS,
                UNSAFE_ALLOW
            })
    public long snapshotCopyChronicle(Chronicle s) {
        return s.substrate.snapshotCopy();
    }

    // ---- 4-ary heap over 16-byte slots ----

    @Benchmark
    @Fork(1)
    public long heapSiftForeign(Foreign s) {
        return s.substrate.heapSift();
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = AGRONA_EXPORTS)
    public long heapSiftAgrona(Agrona s) {
        return s.substrate.heapSift();
    }

    @Benchmark
    @Fork(
            value = 1,
            jvmArgsAppend = {
                CHRONICLE_OPENS_REFLECT,
                CHRONICLE_EXPORTS_NIO,
                CHRONICLE_EXPORTS_REF,
                NATIVE_ACCESS,
                UNSAFE_ALLOW
            })
    public long heapSiftChronicle(Chronicle s) {
        return s.substrate.heapSift();
    }

    // ---- reading a mapped store section ----

    @Benchmark
    @Fork(1)
    public long sectionReadForeign(Foreign s) {
        return s.substrate.sectionRead();
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = AGRONA_EXPORTS)
    public long sectionReadAgrona(Agrona s) {
        return s.substrate.sectionRead();
    }

    @Benchmark
    @Fork(
            value = 1,
            jvmArgsAppend = {
                CHRONICLE_OPENS_REFLECT,
                CHRONICLE_EXPORTS_NIO,
                CHRONICLE_EXPORTS_REF,
                NATIVE_ACCESS,
                UNSAFE_ALLOW
            })
    public long sectionReadChronicle(Chronicle s) {
        return s.substrate.sectionRead();
    }
}
