package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code onepath scen --store} on published Moving AI maps: maps of two sets baked into one
 * folder answer their scenarios with the same expanded counts and no mismatch. The data root is
 * found as in {@link MovingAiSubsetTest}; without it the tests are skipped, naming the folder.
 */
class MovingAiStoreTest {
    /** A Dragon Age: Origins map and a street map: different sizes, open and walled terrain. */
    static final List<String> MAPS = List.of("dao/den101d.map", "street/Berlin_0_256.map");

    static final String ALGS = "astar,jps,jpsplus,jps-improved,jpsplus-improved";

    static final int LIMIT = 150;

    static Path root;

    @TempDir
    Path dir;

    @BeforeAll
    static void findRoot() {
        String property = System.getProperty("onepath.data");
        root = property == null || property.isBlank() ? Path.of("../../shared/data") : Path.of(property);
    }

    @BeforeEach
    void requireData() {
        Path movingai = root.resolve("movingai");
        assumeTrue(
                Files.isDirectory(movingai),
                () -> "Moving AI data not found: folder "
                        + movingai.toAbsolutePath().normalize()
                        + " is missing (set -Donepath.data to the shared data root); skipping the baked-store runs");
    }

    private static Path existing(String relative) {
        Path p = root.resolve(relative);
        assumeTrue(
                Files.isRegularFile(p),
                () -> "Moving AI file " + p.toAbsolutePath().normalize() + " is missing; skipping");
        return p;
    }

    private static Map<String, Object> run(List<String> args) {
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, run.status(), run::toString);
        return ScenCommandTest.json(run);
    }

    @Test
    void bakedFolderAnswersLikeTheMaps() throws IOException {
        List<String> bake = new ArrayList<>(List.of("bake", "--out-dir", dir.toString()));
        List<String> scens = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (String m : MAPS) {
            Path map = existing("movingai/" + m);
            Path scen = existing("movingai/" + m + ".scen");
            bake.add(map.toString());
            scens.add(scen.toString());
            names.add(map.getFileName().toString());
        }
        CliRun baked = CliRun.of(bake.toArray(String[]::new));
        assertEquals(0, baked.status(), baked::toString);
        assertEquals(List.of("Berlin_0_256.opstore", "den101d.opstore"), StoreFixtures.listing(dir));
        assertEquals(MAPS.size(), baked.outLines().size(), baked::toString);

        List<String> common = new ArrayList<>(
                List.of("scen", "--json", "--alg", ALGS, "--limit", Integer.toString(LIMIT), "--warmup", "0"));
        List<String> plainArgs = new ArrayList<>(common);
        plainArgs.addAll(scens);
        List<String> storeArgs = new ArrayList<>(common);
        storeArgs.addAll(List.of("--store", dir.toString()));
        storeArgs.addAll(scens);

        List<Map<String, Object>> plain = StoreFixtures.withoutTimes(run(plainArgs));
        List<Map<String, Object>> stored = StoreFixtures.withoutTimes(run(storeArgs));

        assertEquals(
                List.of(ALGS.split(",")), plain.stream().map(r -> r.get("alg")).toList());
        for (int i = 0; i < plain.size(); i++) {
            Map<String, Object> p = plain.get(i);
            Map<String, Object> s = stored.get(i);
            assertEquals(0L, p.get("mismatches"), () -> p.get("alg") + " without --store");
            assertEquals(0L, s.get("mismatches"), () -> s.get("alg") + " with --store");
            assertEquals((long) LIMIT * MAPS.size(), s.get("problems"));
            List<?> perMap = (List<?>) s.get("maps");
            assertEquals(
                    names, perMap.stream().map(m -> ((Map<?, ?>) m).get("map")).toList());
            for (Object m : perMap) {
                assertTrue((long) ((Map<?, ?>) m).get("expanded") > 0, () -> "expanded on " + m);
            }
            assertEquals(p, s, () -> "per-map counts of " + p.get("alg"));
        }
    }
}
