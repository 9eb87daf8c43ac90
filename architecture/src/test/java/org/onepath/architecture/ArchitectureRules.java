package org.onepath.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.Set;

/**
 * The rules of DESIGN.md's floor plan (section 1, "Modules and the floor plan") and house style
 * (section 7), each built over a root package so that the same rule runs on the library
 * ({@code org.onepath}) and on the planted fixtures under {@code org.onepath.architecture.fixture}.
 * A rule changes when the design changes, never to let a feature in (section 1).
 */
final class ArchitectureRules {
    private ArchitectureRules() {}

    // ---- rule 1: no cycle between packages ----

    /** Every class under {@code root} is its package's slice; the root package counts like any other. */
    static SliceAssignment byPackageUnder(String root) {
        return new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
                String name = javaClass.getPackageName();
                return isUnder(name, root) ? SliceIdentifier.of(name) : SliceIdentifier.ignore();
            }

            @Override
            public String getDescription() {
                return "the packages under " + root;
            }
        };
    }

    /** No import cycle between the packages under {@code root} (section 1). */
    static ArchRule noPackageCycles(String root) {
        return slices().assignedFrom(byPackageUnder(root)).should().beFreeOfCycles();
    }

    // ---- rule 2: the layers point one way ----

    /**
     * Nothing below the facade (query drivers, snapshot adapters, derived tables, engines, cells,
     * layouts, memory, the state format) reads the tier-1 package itself: they take cells types,
     * primitives and their own records (section 1, "No engine package imports org.onepath").
     */
    static ArchRule nothingBelowReadsTheFacade(String root) {
        return noClasses()
                .that()
                .resideInAnyPackage(
                        root + ".cells..",
                        root + ".layout..",
                        root + ".memory..",
                        root + ".grids..",
                        root + ".graphs..",
                        root + ".tables..",
                        root + ".query..",
                        root + ".snapshot..",
                        root + ".state..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage(root)
                .because("engines and drivers take the cells types, never the tier-1 Grid or HexGrid");
    }

    /**
     * The layers of section 1, each reading only those below it: the command ({@code cli}) and the
     * Spark jobs ({@code spark}) side by side on top, neither read by anything, both over the
     * stores; then the facade, the drivers, the tables, the engines, the cells, the layouts, the
     * memory primitives and the state format at the bottom.
     */
    static ArchRule layers(String root) {
        return layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .withOptionalLayers(true)
                .layer("Command")
                .definedBy(root + ".cli..")
                .layer("Spark")
                .definedBy(root + ".spark..")
                .layer("Store")
                .definedBy(root + ".store..")
                .layer("Facade")
                .definedBy(root, root + ".io..", root + ".debug..")
                .layer("Drivers")
                .definedBy(root + ".query..", root + ".snapshot..")
                .layer("Tables")
                .definedBy(root + ".tables..")
                .layer("Engines")
                .definedBy(root + ".grids..", root + ".graphs..")
                .layer("Cells")
                .definedBy(root + ".cells..")
                .layer("Layouts")
                .definedBy(root + ".layout..")
                .layer("Memory")
                .definedBy(root + ".memory..")
                .layer("State")
                .definedBy(root + ".state..")
                .whereLayer("Command")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("Spark")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("Store")
                .mayOnlyBeAccessedByLayers("Command", "Spark")
                .whereLayer("Facade")
                .mayOnlyBeAccessedByLayers("Store", "Command", "Spark")
                .whereLayer("Drivers")
                .mayOnlyBeAccessedByLayers("Facade", "Store", "Command", "Spark")
                .whereLayer("Tables")
                .mayOnlyBeAccessedByLayers("Drivers", "Facade", "Store", "Command", "Spark")
                .whereLayer("Engines")
                .mayOnlyBeAccessedByLayers("Tables", "Drivers", "Facade", "Store", "Command", "Spark")
                .whereLayer("Cells")
                .mayOnlyBeAccessedByLayers("Engines", "Tables", "Drivers", "Facade", "Store", "Command", "Spark")
                .whereLayer("Layouts")
                .mayOnlyBeAccessedByLayers(
                        "Cells", "Engines", "Tables", "Drivers", "Facade", "Store", "Command", "Spark")
                .whereLayer("Memory")
                .mayOnlyBeAccessedByLayers(
                        "Layouts", "Cells", "Engines", "Tables", "Drivers", "Facade", "Store", "Command", "Spark")
                .whereLayer("State")
                .mayOnlyBeAccessedByLayers(
                        "Memory", "Layouts", "Cells", "Engines", "Tables", "Drivers", "Facade", "Store", "Command",
                        "Spark");
    }

    // ---- rule 3: the root package is the API ----

    /**
     * The tier-1 package holds only what a user calls and reads (section 1: "a feature's driver
     * lives in org.onepath.query, never nested in a facade"). Every top-level type and every
     * member type (a class, record, enum or interface declared in a type's body) is public, but
     * for a package-private base that a public type of the package extends directly (its members
     * are part of that type's API, as {@code QueryOptions.Builder} is of {@code GridOptions.Builder}).
     * Anonymous and local classes are not types a caller can name: they are expressions inside a
     * method and are not counted; nor is {@code package-info}.
     */
    static ArchRule rootHoldsOnlyTheApi(String root) {
        return classes()
                .that()
                .resideInAPackage(root)
                .and(DescribedPredicate.describe(
                        "are top-level or member types",
                        (JavaClass type) -> type.isTopLevelClass() || type.isMemberClass()))
                .and()
                .doNotHaveSimpleName("package-info")
                .should(new ArchCondition<JavaClass>("be public, or the base of a public type of " + root) {
                    @Override
                    public void check(JavaClass type, ConditionEvents events) {
                        boolean api = isPublic(type)
                                || type.getSubclasses().stream()
                                        .anyMatch(sub -> sub.getPackageName().equals(root) && isPublic(sub));
                        if (!api) {
                            events.add(SimpleConditionEvent.violated(
                                    type,
                                    type.getName() + " (" + (type.isMemberClass() ? "nested" : "top-level")
                                            + ") is neither public nor the base of a public type"));
                        }
                    }
                })
                .because("drivers and helpers belong in an internal package, not in or nested in the tier-1 API");
    }

    private static boolean isPublic(JavaClass type) {
        return type.getModifiers().contains(JavaModifier.PUBLIC);
    }

    // ---- rule 4: no facade reaches into another shape ----

    /** The top-level types of the square grid's API in the root package: Grid and what serves it alone. */
    static final Set<String> SQUARE_FACADE = Set.of(
            "Grid",
            "GridOptions",
            "GridPath",
            "GridSearch",
            "GridReplanner",
            "GridSpace",
            "GoalBoundsPieces",
            "GoalBoundsSummary",
            "PathService");

    /**
     * The top-level types of the root package that the square and the hex grid share and no
     * other shape reads: the flow field over either, the replanner base, the algorithm and
     * heuristic names of the flat grids.
     */
    static final Set<String> FLAT_GRID_FACADE =
            Set.of("GridFlowField", "FlowDirection", "GridAlgorithm", "HeuristicKind", "Replanner");

    /** The graph facades' top-level types. */
    static final Set<String> GRAPH_FACADE =
            Set.of("Graph", "GraphOptions", "GraphPath", "GraphChangeListener", "GraphHeuristic", "PointGraph");

    /** The square grid's types below the facade that no other shape takes. */
    static final Set<String> SQUARE_CELLS = Set.of(
            "cells.SquareCells",
            "cells.CellBlocker",
            "cells.CellStepCost",
            "cells.Connectivity",
            "cells.DiagonalRule",
            "cells.GridBatchListener",
            "cells.GridChangeListener",
            "grids.SquareTopology",
            "grids.OctileHeuristic",
            "grids.ManhattanHeuristic",
            "snapshot.GridState",
            "state.GridStateFormat",
            "state.GridSearchStateFormat",
            "state.GridSearchStateLayout",
            "state.GridReplannerStateFormat");

    /** The square grid's engine packages (JPS, JPS+, the octile fast path, HPA*, Theta*) and its tables. */
    static final Set<String> SQUARE_PACKAGES = Set.of("grids.jps", "grids.fast", "grids.hpa", "grids.theta", "tables");

    /** The cells and engine types the square and the hex grid share and a graph never reads. */
    static final Set<String> FLAT_GRID_CELLS =
            Set.of("cells.Cell", "cells.CellStore", "cells.RowMajorCells", "grids.GridTopology");

    /** The engine packages the square and the hex grid share: flow fields and incremental replanning. */
    static final Set<String> FLAT_GRID_PACKAGES = Set.of("grids.flow", "grids.replan");

    /**
     * The class name after the package, each nesting level a segment ({@code Grid$ManyGoals} is
     * {@code Grid}, {@code ManyGoals}): the first segment is the top-level type a class is part of.
     */
    private static String[] nameSegments(JavaClass type) {
        String name = type.getName();
        String pkg = type.getPackageName();
        return (pkg.isEmpty() ? name : name.substring(pkg.length() + 1)).split("\\$");
    }

    private static boolean isUnder(String name, String root) {
        return name.equals(root) || name.startsWith(root + ".");
    }

    /**
     * The types of the root package whose top-level type is one of {@code simpleNames}, with
     * everything nested in them: a driver nested in a facade counts as the facade.
     */
    static DescribedPredicate<JavaClass> facadeTypes(String root, String description, Set<String> simpleNames) {
        return DescribedPredicate.describe(
                description, type -> type.getPackageName().equals(root) && simpleNames.contains(nameSegments(type)[0]));
    }

    /** The root package's types named {@code prefix}*, with everything nested in them. */
    static DescribedPredicate<JavaClass> facadeTypesNamed(String root, String description, String prefix) {
        return DescribedPredicate.describe(
                description, type -> type.getPackageName().equals(root) && nameSegments(type)[0].startsWith(prefix));
    }

    /**
     * A shape's types anywhere under {@code root}: a type or an enclosing type named with the
     * shape's prefix (the code names every voxel type {@code Voxel*} and every hex type
     * {@code Hex*}, from the facade down to its state format), or a type in one of the shape's
     * packages (relative to root).
     */
    static DescribedPredicate<JavaClass> shapeTypes(
            String root, String description, Set<String> prefixes, Set<String> names, Set<String> packages) {
        return DescribedPredicate.describe(description, type -> {
            String pkg = type.getPackageName();
            if (!isUnder(pkg, root)) {
                return false;
            }
            for (String p : packages) {
                if (isUnder(pkg, root + "." + p)) {
                    return true;
                }
            }
            String[] segments = nameSegments(type);
            String relativeTop = (pkg.equals(root) ? "" : pkg.substring(root.length() + 1) + ".") + segments[0];
            if (names.contains(relativeTop)) {
                return true;
            }
            for (String segment : segments) {
                for (String prefix : prefixes) {
                    if (segment.startsWith(prefix)) {
                        return true;
                    }
                }
            }
            return false;
        });
    }

    static DescribedPredicate<JavaClass> voxelTypes(String root) {
        return shapeTypes(root, "voxel types", Set.of("Voxel"), Set.of(), Set.of("grids.voxel"));
    }

    static DescribedPredicate<JavaClass> hexTypes(String root) {
        return shapeTypes(root, "hex types", Set.of("Hex"), Set.of(), Set.of());
    }

    static DescribedPredicate<JavaClass> graphTypes(String root) {
        return shapeTypes(root, "graph types", Set.of("Graph", "PointGraph"), Set.of(), Set.of("graphs"));
    }

    /** The square grid's own types: its facade types and what only it takes below the facade. */
    static DescribedPredicate<JavaClass> squareOnlyTypes(String root) {
        return facadeTypes(root, "", SQUARE_FACADE)
                .or(shapeTypes(root, "", Set.of(), SQUARE_CELLS, SQUARE_PACKAGES))
                .as("square-grid types");
    }

    /** What the square and the hex grid share (and what is the square grid's alone). */
    static DescribedPredicate<JavaClass> flatGridTypes(String root) {
        return squareOnlyTypes(root)
                .or(facadeTypes(root, "", FLAT_GRID_FACADE))
                .or(shapeTypes(root, "", Set.of(), FLAT_GRID_CELLS, FLAT_GRID_PACKAGES))
                .as("square- or hex-grid types");
    }

    private static ArchRule shapeRule(
            DescribedPredicate<JavaClass> facade, DescribedPredicate<JavaClass> others, String because) {
        return noClasses()
                .that(facade)
                .should()
                .dependOnClassesThat(others)
                .because(because)
                .allowEmptyShould(true);
    }

    /** The facades whose reach {@link #keepsToItsShape} bounds, one rule each. */
    enum Shape {
        /** The square grid's facade types read no voxel, hex or graph type. */
        SQUARE,
        /** The hex grid's facade types read no voxel, square-only or graph type. */
        HEX,
        /** The voxel grid's facade types read no square or hex type, not even those the two share. */
        VOXEL,
        /** The graph facades read no grid type of any shape. */
        GRAPH,
        /** What the square and hex grids share reads neither voxels nor graphs. */
        FLAT_GRIDS
    }

    /** The root package's types of {@code shape}'s facade, nested types included. */
    static DescribedPredicate<JavaClass> facadeOf(String root, Shape shape) {
        return switch (shape) {
            case SQUARE -> facadeTypes(root, "the square grid's facade types", SQUARE_FACADE);
            case HEX -> facadeTypesNamed(root, "the hex grid's facade types", "Hex");
            case VOXEL -> facadeTypesNamed(root, "the voxel grid's facade types", "Voxel");
            case GRAPH -> facadeTypes(root, "the graph facades' types", GRAPH_FACADE);
            case FLAT_GRIDS -> facadeTypes(root, "the types the square and hex grids share", FLAT_GRID_FACADE);
        };
    }

    /**
     * No facade reaches into another shape's types (section 1, "no facade reaches into another
     * shape's types"), for one shape's facade. Every shape may read the shared types:
     * {@code Cancellation}, {@code PathStatus}, {@code QueryOptions}, {@code WorldPoint}, the
     * heuristic and step-cost interfaces, memory, layouts and the state format's shared pieces.
     */
    static ArchRule keepsToItsShape(String root, Shape shape) {
        DescribedPredicate<JavaClass> voxel = voxelTypes(root);
        DescribedPredicate<JavaClass> hex = hexTypes(root);
        DescribedPredicate<JavaClass> graph = graphTypes(root);
        DescribedPredicate<JavaClass> facade = facadeOf(root, shape);
        return switch (shape) {
            case SQUARE ->
                shapeRule(
                        facade,
                        voxel.or(hex).or(graph).as("voxel, hex or graph types"),
                        "the square grid's API is built on square cells alone");
            case HEX ->
                shapeRule(
                        facade,
                        voxel.or(squareOnlyTypes(root)).or(graph).as("voxel, square-grid or graph types"),
                        "the hex grid's API is built on hex cells and what the flat grids share");
            case VOXEL ->
                shapeRule(
                        facade,
                        flatGridTypes(root).or(hex).or(graph).as("square, hex or graph types"),
                        "the voxel grid's API is built on voxel chunks alone");
            case GRAPH ->
                shapeRule(
                        facade,
                        flatGridTypes(root).or(hex).or(voxel).as("grid types of any shape"),
                        "a graph has no cells");
            case FLAT_GRIDS ->
                shapeRule(
                        facade,
                        voxel.or(graph).as("voxel or graph types"),
                        "what the flat grids share is theirs alone");
        };
    }

    /** {@link #keepsToItsShape} for every shape at once. */
    static ArchRule facadesKeepToTheirShape(String root) {
        CompositeArchRule all = CompositeArchRule.of(keepsToItsShape(root, Shape.SQUARE));
        for (Shape shape : Shape.values()) {
            if (shape != Shape.SQUARE) {
                all = all.and(keepsToItsShape(root, shape));
            }
        }
        return all;
    }

    // ---- rule 5: one byte order ----

    /** The one class that decides the byte order of everything persisted (DESIGN.md section 2). */
    static String byteOrderDeclaration(String root) {
        return root + ".state.LittleEndian";
    }

    private static final Set<String> ORDERED_BUFFER_ACCESSORS = Set.of(
            "order",
            "getShort",
            "getChar",
            "getInt",
            "getLong",
            "getFloat",
            "getDouble",
            "putShort",
            "putChar",
            "putInt",
            "putLong",
            "putFloat",
            "putDouble",
            "asShortBuffer",
            "asCharBuffer",
            "asIntBuffer",
            "asLongBuffer",
            "asFloatBuffer",
            "asDoubleBuffer");

    private static final Set<String> BIG_ENDIAN_STREAMS = Set.of(
            "java.io.DataInput",
            "java.io.DataOutput",
            "java.io.DataInputStream",
            "java.io.DataOutputStream",
            "java.io.ObjectInput",
            "java.io.ObjectOutput",
            "java.io.ObjectInputStream",
            "java.io.ObjectOutputStream",
            "java.io.RandomAccessFile");

    private static final Set<String> BIG_ENDIAN_STREAM_METHODS = Set.of(
            "readShort",
            "readUnsignedShort",
            "readChar",
            "readInt",
            "readLong",
            "readFloat",
            "readDouble",
            "writeShort",
            "writeChar",
            "writeInt",
            "writeLong",
            "writeFloat",
            "writeDouble");

    /**
     * Whether an access decides a byte order of its own: a memory layout's {@code withOrder}, a
     * buffer's {@code order} or its multi-byte accessors and views (which apply the buffer's
     * order, big-endian unless told), or the multi-byte reads and writes of {@code java.io}'s data
     * streams (big-endian by contract).
     */
    private static boolean decidesAnOrder(JavaAccess<?> access) {
        String owner = access.getTargetOwner().getName();
        String name = access.getTarget().getName();
        if (owner.startsWith("java.lang.foreign.") && name.equals("withOrder")) {
            return true;
        }
        if (owner.startsWith("java.nio.") && owner.endsWith("Buffer") && ORDERED_BUFFER_ACCESSORS.contains(name)) {
            return true;
        }
        return BIG_ENDIAN_STREAMS.contains(owner) && BIG_ENDIAN_STREAM_METHODS.contains(name);
    }

    /**
     * Byte order is decided once (section 7, item 3; section 2): only {@code declaration} (the
     * state format's {@code LittleEndian}) names a {@code java.nio.ByteOrder}, calls a layout's
     * {@code withOrder}, or reads or writes multi-byte values through an ordered buffer or data
     * stream; everything persisted, snapshotted or hashed takes its layouts from there. Working
     * memory that is never written out (node records, heaps) may use native order, and takes it
     * as the JDK's plain layouts ({@code ValueLayout.JAVA_INT} and the like, native order by
     * definition), so it never names an order either: {@code ByteOrder.nativeOrder()} is a
     * decision like any other and breaks the rule. The rule reads the shipped modules only: bench,
     * which does not ship, hands {@code ByteOrder.LITTLE_ENDIAN} to Agrona's buffers because that
     * is how Agrona is told the order of the JPS+ tables it reads beside the JDK (a comparison of
     * substrates, section 2), and is not imported.
     */
    static ArchRule oneByteOrder(String root) {
        String declaration = byteOrderDeclaration(root);
        return noClasses()
                .that()
                .resideInAPackage(root + "..")
                .and()
                .doNotHaveFullyQualifiedName(declaration)
                .should(new ArchCondition<JavaClass>("decide a byte order") {
                    @Override
                    public void check(JavaClass type, ConditionEvents events) {
                        for (Dependency dependency : type.getDirectDependenciesFromSelf()) {
                            if (dependency.getTargetClass().getName().equals("java.nio.ByteOrder")) {
                                events.add(SimpleConditionEvent.satisfied(type, dependency.getDescription()));
                            }
                        }
                        for (JavaAccess<?> access : type.getAccessesFromSelf()) {
                            if (decidesAnOrder(access)) {
                                events.add(SimpleConditionEvent.satisfied(type, access.getDescription()));
                            }
                        }
                    }
                })
                .because("byte order is decided once, in " + declaration + ", and working memory uses the JDK's"
                        + " native-order layouts without naming an order");
    }
}
