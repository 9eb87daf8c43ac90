package org.onepath.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The build gives every {@link CoverageGuidedFuzzTest} method its target's corpus as Jazzer seeds
 * (the fuzz module's pom maps {@code corpus/<target>/} to {@code CoverageGuidedFuzzTestInputs/<method>/}).
 * Without this check a method missing from the pom would replay only the empty input.
 */
class CoverageGuidedSeedsTest {
    /** Each {@code @FuzzTest} method and the corpus folder of its target. */
    private static final Map<String, String> CORPUS_OF = Map.ofEntries(
            Map.entry("movingAiMap", "movingai-map"),
            Map.entry("movingAiScen", "movingai-scen"),
            Map.entry("voxelMap", "voxel-map"),
            Map.entry("voxelScen", "voxel-scen"),
            Map.entry("dimacs", "dimacs"),
            Map.entry("gridQuery", "grid-query"),
            Map.entry("gridJps", "grid-jps"),
            Map.entry("gridTheta", "grid-theta"),
            Map.entry("gridFlow", "grid-flow"),
            Map.entry("gridHpa", "gridhpa"),
            Map.entry("voxelQuery", "voxel-query"),
            Map.entry("store", "store"));

    @Test
    void everyFuzzTestHasItsTargetsCorpusAsSeeds() throws IOException, URISyntaxException {
        List<String> methods = Arrays.stream(CoverageGuidedFuzzTest.class.getDeclaredMethods())
                .filter(m -> m.isAnnotationPresent(FuzzTest.class))
                .map(Method::getName)
                .sorted()
                .toList();
        assertEquals(new TreeSet<>(CORPUS_OF.keySet()).stream().toList(), methods);
        for (String method : methods) {
            String corpus = CORPUS_OF.get(method);
            URL folder = CoverageGuidedFuzzTest.class.getResource("CoverageGuidedFuzzTestInputs/" + method);
            assertNotNull(folder, "no Jazzer seeds for " + method + " on the class path (fuzz/pom.xml)");
            Path seeds = Path.of(folder.toURI());
            List<String> onPath;
            try (Stream<Path> files = Files.list(seeds)) {
                onPath = files.map(p -> p.getFileName().toString()).sorted().toList();
            }
            List<String> names = Corpus.names(corpus).stream().sorted().toList();
            assertEquals(names, onPath, method + ": the seeds are not the files of corpus/" + corpus);
            List<byte[]> bytes = Corpus.load(corpus);
            List<String> inIndexOrder = Corpus.names(corpus);
            for (int i = 0; i < bytes.size(); i++) {
                assertArrayEquals(
                        bytes.get(i), Files.readAllBytes(seeds.resolve(inIndexOrder.get(i))), method + "/" + i);
            }
            assertTrue(Targets.NAMES.contains(corpus), corpus + " names no target");
        }
    }
}
