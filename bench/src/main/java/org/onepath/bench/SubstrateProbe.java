package org.onepath.bench;

import java.io.IOException;

/**
 * Runs the three operations of {@link SubstrateBenchmark} once per named substrate, outside JMH,
 * and prints what each computed, or the error it died of: the way to see which JVM flags a
 * library needs, flag by flag. JMH cannot do this for {@code --sun-misc-unsafe-memory-access=deny}
 * (the mode JEP 471 plans as the default), because JMH 1.37 itself calls
 * {@code sun.misc.Unsafe.objectFieldOffset} in every fork.
 *
 * <pre>
 * java --sun-misc-unsafe-memory-access=deny --add-exports=java.base/jdk.internal.misc=ALL-UNNAMED \
 *      -cp bench/target/benchmarks.jar org.onepath.bench.SubstrateProbe foreign agrona
 * </pre>
 * Exit status 1 when a substrate failed. A substrate's classes are loaded only when it is named.
 */
public final class SubstrateProbe {
    private SubstrateProbe() {}

    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            System.err.println("usage: SubstrateProbe foreign|agrona|chronicle ...");
            System.exit(2);
        }
        byte[] cells = SubstrateInputs.cells();
        SubstrateInputs.HeapEntries entries = SubstrateInputs.heapEntries();
        boolean failed = false;
        try (SubstrateInputs.BakedSection section = SubstrateInputs.bakedSection()) {
            for (String name : args) {
                try {
                    System.out.println(name + ": " + run(name, cells, entries, section));
                } catch (Throwable e) {
                    failed = true;
                    System.out.println(name + ": failed: " + e);
                    for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
                        System.out.println("  caused by " + c);
                    }
                }
            }
        }
        if (failed) {
            System.exit(1);
        }
    }

    private static String run(
            String name, byte[] cells, SubstrateInputs.HeapEntries entries, SubstrateInputs.BakedSection section)
            throws IOException {
        return switch (name) {
            case "foreign" -> {
                try (ForeignSubstrate s = new ForeignSubstrate(cells, entries, section)) {
                    yield line(s.snapshotCopy(), s.heapSift(), s.sectionRead());
                }
            }
            case "agrona" -> {
                try (AgronaSubstrate s = new AgronaSubstrate(cells, entries, section)) {
                    yield line(s.snapshotCopy(), s.heapSift(), s.sectionRead());
                }
            }
            case "chronicle" -> {
                try (ChronicleSubstrate s = new ChronicleSubstrate(cells, entries, section)) {
                    yield line(s.snapshotCopy(), s.heapSift(), s.sectionRead());
                }
            }
            default -> throw new IllegalArgumentException("unknown substrate " + name);
        };
    }

    private static String line(long copied, long popOrder, long sectionSum) {
        return "copied " + copied + " bytes, heap pop-order hash " + popOrder + ", JPS+ section sum " + sectionSum;
    }
}
