package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code onepath scen --store}: scenarios answered from baked stores give the same problems,
 * mismatches and expanded counts as the maps they were baked from; a store that does not fit the
 * scenarios is refused with one line naming it.
 */
class ScenStoreTest {
    private static final String ALGS = "astar,jps,jpsplus";

    @TempDir
    Path dir;

    private static void assertMentions(String line, String... parts) {
        for (String p : parts) {
            assertTrue(line.contains(p), () -> "'" + p + "' missing from: " + line);
        }
    }

    /** Runs {@code scen --json} with the given arguments, expecting the exit status, and returns the report without times. */
    private static List<Map<String, Object>> report(int status, String algs, String... args) {
        List<String> all = new ArrayList<>(List.of("scen", "--json", "--warmup", "0", "--alg", algs));
        all.addAll(List.of(args));
        CliRun run = CliRun.of(all.toArray(String[]::new));
        assertEquals(status, run.status(), run::toString);
        assertEquals("", run.err(), run::toString);
        return StoreFixtures.withoutTimes(ScenCommandTest.json(run));
    }

    /** Maps A, B and C with their scenarios under {@code dir/maps}; returns the map files. */
    private Path[] handMadeMaps() {
        Path maps = dir.resolve("maps");
        Fixtures.mapA(maps.resolve("a"), "a.map");
        Fixtures.mapB(maps.resolve("b"), "b.map");
        Fixtures.mapC(maps.resolve("c"), "c.map");
        return new Path[] {maps.resolve("a/a.map"), maps.resolve("b/b.map"), maps.resolve("c/c.map")};
    }

    private Path storeDir(Path... maps) throws IOException {
        return StoreFixtures.bakeInto(Files.createDirectories(dir.resolve("stores")), maps);
    }

    @Test
    void storeFolderGivesTheSameResultsAsTheMaps() throws IOException {
        Path[] maps = handMadeMaps();
        Path stores = storeDir(maps);
        List<Map<String, Object>> plain = report(0, ALGS, dir.resolve("maps").toString());
        // The maps are not needed once baked.
        for (Path m : maps) {
            Files.delete(m);
        }
        List<Map<String, Object>> stored = report(
                0, ALGS, "--store", stores.toString(), dir.resolve("maps").toString());
        assertEquals(plain, stored);

        assertEquals(
                List.of("astar", "jps", "jpsplus"),
                plain.stream().map(r -> r.get("alg")).toList());
        for (Map<String, Object> r : plain) {
            assertEquals(10L + Fixtures.MAP_B_PROBLEMS.size() + Fixtures.MAP_C_PROBLEMS.size(), r.get("problems"));
            assertEquals(0L, r.get("mismatches"));
            assertTrue((long) r.get("expanded") > 0, () -> "expanded " + r);
            List<?> perMap = (List<?>) r.get("maps");
            assertEquals(
                    List.of("a.map", "b.map", "c.map"),
                    perMap.stream().map(m -> ((Map<?, ?>) m).get("map")).toList());
        }
    }

    @Test
    void storeFileGivesTheSameResultsAsItsMap() throws IOException {
        Path scen = Fixtures.mapA(dir.resolve("a"), "a.map");
        // A store file may have any name: only its map name has to fit.
        Path store = StoreFixtures.bake(
                dir.resolve("a/a.map"),
                Files.createDirectories(dir.resolve("elsewhere")).resolve("any.bin"));
        List<Map<String, Object>> plain = report(0, ALGS, scen.toString());
        assertEquals(plain, report(0, ALGS, "--store", store.toString(), scen.toString()));
        assertEquals(10L, plain.getFirst().get("problems"));

        // The table report runs as well.
        CliRun table = CliRun.of("scen", "--alg", ALGS, "--store", store.toString(), scen.toString());
        assertEquals(0, table.status(), table::toString);
        assertEquals(10, ScenCommandTest.row(table, "jpsplus").problems());
        assertEquals(0, ScenCommandTest.row(table, "jpsplus").mismatches());
    }

    @Test
    void mismatchesAreFoundTheSameWayFromAStore() throws IOException {
        Path a = Fixtures.write(dir.resolve("maps/a.map"), Fixtures.MAP_A);
        Fixtures.write(
                dir.resolve("maps/a.map.scen"), Fixtures.scen("a.map", 5, 4, Fixtures.mapAWithWrongLengths(1, 4, 8)));
        Path stores = storeDir(a);
        List<Map<String, Object>> plain =
                report(OnePathCli.FAILED, ALGS, dir.resolve("maps").toString());
        assertEquals(
                plain,
                report(
                        OnePathCli.FAILED,
                        ALGS,
                        "--store",
                        stores.toString(),
                        dir.resolve("maps").toString()));
        for (Map<String, Object> r : plain) {
            assertEquals(3L, r.get("mismatches"), () -> r.toString());
        }
    }

    @Test
    void everyAlgorithmAgreesWithAStore() throws IOException {
        Path[] maps = handMadeMaps();
        // With goal bounds, so jpsplus-bounded runs bounded from the stores as from the maps.
        Path stores = Files.createDirectories(dir.resolve("stores"));
        List<String> bake = new ArrayList<>(List.of("bake", "--bounds", "--out-dir", stores.toString()));
        for (Path m : maps) {
            bake.add(m.toString());
        }
        CliRun baked = CliRun.of(bake.toArray(String[]::new));
        assertEquals(0, baked.status(), baked::toString);
        String all = Algorithms.names();
        List<Map<String, Object>> plain = report(0, all, dir.resolve("maps").toString());
        assertEquals(
                plain,
                report(0, all, "--store", stores.toString(), dir.resolve("maps").toString()));
        assertEquals(Algorithms.all().size(), plain.size());
    }

    @Test
    void voxelScenariosGiveTheSameExpandedTotalsFromAWorldStore() throws IOException {
        Path scen = StoreFixtures.voxelWorld(dir.resolve("world"), "w.3dmap");
        Path stores = storeDir(dir.resolve("world/w.3dmap"));
        List<Map<String, Object>> plain = report(0, "astar", scen.toString());
        assertEquals(1, plain.size());
        Map<String, Object> r = plain.getFirst();
        assertEquals(VoxelScenarioRun.ALGORITHM, r.get("alg"));
        assertEquals((long) StoreFixtures.WORLD_PROBLEMS.length, r.get("problems"));
        assertEquals(0L, r.get("mismatches"));
        assertTrue((long) r.get("expanded") > StoreFixtures.WORLD_PROBLEMS.length, () -> r.toString());

        Files.delete(dir.resolve("world/w.3dmap"));
        assertEquals(plain, report(0, "astar", "--store", stores.toString(), scen.toString()), "--store DIR");
        assertEquals(
                plain,
                report(0, "astar", "--store", stores.resolve("w.opstore").toString(), scen.toString()),
                "--store FILE");
    }

    @Test
    void gridAndVoxelScenariosTogetherFromOneStoreFolder() throws IOException {
        Fixtures.mapA(dir.resolve("scens"), "a.map");
        StoreFixtures.voxelWorld(dir.resolve("scens"), "w.3dmap");
        Path stores = storeDir(dir.resolve("scens/a.map"), dir.resolve("scens/w.3dmap"));
        assertEquals(List.of("a.opstore", "w.opstore"), StoreFixtures.listing(stores));
        List<Map<String, Object>> plain =
                report(0, "astar", dir.resolve("scens").toString());
        assertEquals(
                List.of("astar", VoxelScenarioRun.ALGORITHM),
                plain.stream().map(r -> r.get("alg")).toList());
        assertEquals(
                plain,
                report(
                        0,
                        "astar",
                        "--store",
                        stores.toString(),
                        dir.resolve("scens").toString()));
    }

    @Test
    void theStoresCellsAnswerNotTheMapBesideTheScenarios() throws IOException {
        // A store named a.map, 5 x 4 like map A, but with map B's cells: map A's lengths no longer hold.
        Path scen = Fixtures.mapA(dir.resolve("a"), "a.map");
        Path impostor = Fixtures.write(dir.resolve("other/a.map"), Fixtures.MAP_B);
        Path store = StoreFixtures.bake(impostor, dir.resolve("a.opstore"));
        List<Map<String, Object>> plain = report(0, ALGS, scen.toString());
        List<Map<String, Object>> stored =
                report(OnePathCli.FAILED, ALGS, "--store", store.toString(), scen.toString());
        for (int i = 0; i < plain.size(); i++) {
            assertEquals(0L, plain.get(i).get("mismatches"));
            assertTrue((long) stored.get(i).get("mismatches") > 0, () -> stored.toString());
        }
    }

    // ---- stores that do not fit ----

    @Test
    void storeOfAnotherMapIsRefusedNamingBothMaps() throws IOException {
        Path scen = Fixtures.mapA(dir.resolve("a"), "a.map");
        Fixtures.write(dir.resolve("b/b.map"), Fixtures.MAP_B);
        Path store = StoreFixtures.bake(dir.resolve("b/b.map"), dir.resolve("b.opstore"));
        String line =
                CliRun.of("scen", "--store", store.toString(), scen.toString()).assertBadInput();
        assertMentions(line, store.toString(), "'b.map'", "'a.map'");

        // In a folder, under the name the scenarios look for.
        Path folder = Files.createDirectories(dir.resolve("stores"));
        Files.copy(store, folder.resolve("a.opstore"));
        String inFolder =
                CliRun.of("scen", "--store", folder.toString(), scen.toString()).assertBadInput();
        assertMentions(inFolder, folder.resolve("a.opstore").toString(), "'b.map'", "'a.map'");
    }

    @Test
    void storeOfAnotherSizeIsRefused() throws IOException {
        // A map named a.map, 5 x 3: the scenarios are for a 5 x 4 a.map.
        Path scen = Fixtures.mapA(dir.resolve("a"), "a.map");
        Path other = Fixtures.write(dir.resolve("other/a.map"), Fixtures.MAP_C);
        Path store = StoreFixtures.bake(other, dir.resolve("a.opstore"));
        String line =
                CliRun.of("scen", "--store", store.toString(), scen.toString()).assertBadInput();
        assertMentions(line, scen.toString(), store.toString(), "5 x 4", "5 x 3");
    }

    @Test
    void storePointingNowhereIsRefused() {
        Path scen = Fixtures.mapA(dir.resolve("a"), "a.map");
        Path ghost = dir.resolve("ghost.opstore");
        String line =
                CliRun.of("scen", "--store", ghost.toString(), scen.toString()).assertBadInput();
        assertMentions(line, ghost.toString(), "--store");
    }

    @Test
    void storeFolderWithoutTheMapsStoreIsRefused() throws IOException {
        Path[] maps = handMadeMaps();
        Path stores = storeDir(maps[0], maps[1]);
        String line = CliRun.of(
                        "scen",
                        "--store",
                        stores.toString(),
                        dir.resolve("maps").toString())
                .assertBadInput();
        assertMentions(line, stores.resolve("c.opstore").toString(), "no such file");
    }

    @Test
    void worldStoreForGridScenariosIsRefused() {
        Path scen = Fixtures.mapA(dir.resolve("a"), "a.map");
        Path world = Fixtures.write(dir.resolve("w.3dmap"), StoreFixtures.voxelMapText());
        Path store = StoreFixtures.bake(world, dir.resolve("w.opstore"));
        String line =
                CliRun.of("scen", "--store", store.toString(), scen.toString()).assertBadInput();
        assertMentions(line, store.toString(), "voxel world", "grid");
    }

    @Test
    void gridStoreForVoxelScenariosIsRefused() {
        Path scen = StoreFixtures.voxelWorld(dir.resolve("world"), "w.3dmap");
        Path map = Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path store = StoreFixtures.bake(map, dir.resolve("a.opstore"));
        String line =
                CliRun.of("scen", "--store", store.toString(), scen.toString()).assertBadInput();
        assertMentions(line, store.toString(), "voxel world", "grid");
    }

    @Test
    void worldStoreOfAnotherMapIsRefusedNamingBothMaps() {
        Path scen = StoreFixtures.voxelWorld(dir.resolve("world"), "w.3dmap");
        Path other = Fixtures.write(dir.resolve("v.3dmap"), StoreFixtures.voxelMapText());
        Path store = StoreFixtures.bake(other, dir.resolve("v.opstore"));
        String line =
                CliRun.of("scen", "--store", store.toString(), scen.toString()).assertBadInput();
        assertMentions(line, store.toString(), "'v.3dmap'", "'w.3dmap'");
    }

    @Test
    void damagedStoreIsRefusedNamingIt() {
        Path scen = Fixtures.mapA(dir.resolve("a"), "a.map");
        Path store = StoreFixtures.bake(dir.resolve("a/a.map"), dir.resolve("a.opstore"));
        StoreFixtures.flip(store, 50);
        String line =
                CliRun.of("scen", "--store", store.toString(), scen.toString()).assertBadInput();
        assertMentions(line, store.toString(), "header checksum");

        String notStore =
                CliRun.of("scen", "--store", scen.toString(), scen.toString()).assertBadInput();
        assertMentions(notStore, scen.toString(), "not a OnePath store");
    }
}
