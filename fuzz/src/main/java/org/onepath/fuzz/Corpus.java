package org.onepath.fuzz;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The checked-in seed corpus on the class path: {@code corpus/<target>/index.txt} lists the
 * target's {@code .bin} files, one name a line, in the order {@link SeedCorpus} wrote them.
 * The files live in {@code fuzz/src/test/resources/corpus/} and are packed into the fuzz jar.
 */
public final class Corpus {
    /** Name of the file that lists a target's seeds. */
    public static final String INDEX = "index.txt";

    private Corpus() {}

    /** Names of a target's seed files, as its index lists them. */
    public static List<String> names(String target) {
        String text = new String(resource("corpus/" + target + "/" + INDEX), StandardCharsets.UTF_8);
        List<String> names = new ArrayList<>();
        for (String line : text.split("\n")) {
            String name = line.strip();
            if (!name.isEmpty() && !name.startsWith("#")) {
                names.add(name);
            }
        }
        return names;
    }

    /** The bytes of a target's seeds, in index order. */
    public static List<byte[]> load(String target) {
        List<byte[]> seeds = new ArrayList<>();
        for (String name : names(target)) {
            seeds.add(resource("corpus/" + target + "/" + name));
        }
        if (seeds.isEmpty()) {
            throw new IllegalStateException("the corpus of target '" + target + "' is empty; run SeedCorpus");
        }
        return seeds;
    }

    private static byte[] resource(String path) {
        try (InputStream in = Corpus.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("corpus resource '" + path + "' is not on the class path"
                        + " (run org.onepath.fuzz.SeedCorpus, then rebuild the fuzz module)");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("reading corpus resource " + path, e);
        }
    }
}
