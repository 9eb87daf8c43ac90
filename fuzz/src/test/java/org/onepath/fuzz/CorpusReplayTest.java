package org.onepath.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Replays every file of the checked-in corpus ({@code src/test/resources/corpus/<target>/}, every
 * file but the index) through its target. The seeds are valid states or files, so each must be
 * accepted: a rejection here means the library no longer reads states it wrote or files of its
 * formats (or the corpus is stale: rerun SeedCorpus).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CorpusReplayTest {
    /** Surefire runs in the module folder. */
    private static final Path CORPUS = Path.of("src", "test", "resources", "corpus");

    private final List<Target> targets = new ArrayList<>();

    @BeforeAll
    void makeTargets() {
        for (String name : Targets.NAMES) {
            targets.add(Targets.create(name));
        }
    }

    @AfterAll
    void closeTargets() {
        targets.forEach(Target::close);
    }

    static Stream<Arguments> corpusFiles() throws IOException {
        assertTrue(Files.isDirectory(CORPUS), "corpus folder " + CORPUS.toAbsolutePath() + " is missing");
        List<Arguments> files = new ArrayList<>();
        for (String name : Targets.NAMES) {
            for (Path p : binFiles(name)) {
                files.add(Arguments.of(name, p.getFileName().toString()));
            }
        }
        return files.stream();
    }

    private static List<Path> binFiles(String target) throws IOException {
        try (Stream<Path> s = Files.list(CORPUS.resolve(target))) {
            return s.filter(p -> !p.getFileName().toString().equals(Corpus.INDEX))
                    .sorted()
                    .toList();
        }
    }

    @ParameterizedTest(name = "{0}/{1}")
    @MethodSource("corpusFiles")
    void seedIsAccepted(String targetName, String file) throws Exception {
        byte[] bytes = Files.readAllBytes(CORPUS.resolve(targetName).resolve(file));
        Target target = targets.get(Targets.NAMES.indexOf(targetName));
        try {
            target.run(bytes);
        } catch (Exception e) {
            if (target.rejectionKey(e) == null) {
                throw e;
            }
            fail("seed " + targetName + "/" + file + " was rejected: " + e.getMessage(), e);
        }
    }

    @Test
    void everyTargetHasSeedsAndTheIndexListsEveryFile() throws IOException {
        for (String name : Targets.NAMES) {
            List<String> onDisk = binFiles(name).stream()
                    .map(p -> p.getFileName().toString())
                    .sorted()
                    .toList();
            assertFalse(onDisk.isEmpty(), "no seeds for target " + name);
            assertEquals(onDisk, Corpus.names(name).stream().sorted().toList(), "index.txt of target " + name);
        }
    }

    @Test
    void theClassPathCorpusIsTheCheckedInOne() throws IOException {
        for (String name : Targets.NAMES) {
            List<String> names = Corpus.names(name);
            List<byte[]> loaded = Corpus.load(name);
            for (int i = 0; i < names.size(); i++) {
                assertArrayEquals(
                        Files.readAllBytes(CORPUS.resolve(name).resolve(names.get(i))),
                        loaded.get(i),
                        name + "/" + names.get(i));
            }
        }
    }
}
