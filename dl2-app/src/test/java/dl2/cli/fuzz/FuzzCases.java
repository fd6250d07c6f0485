package dl2.cli.fuzz;

import dl2.io.Json;
import dl2.learning.file.PolicySettings;
import dl2.learning.nn.Checkpoint;
import dl2.learning.nn.NetworkCodec;
import dl2.model.Rng;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The seeded sequence of fuzz cases. Case i draws from its own random stream ({@code Rng.hash(seed,
 * i)}), so any case can be rerun alone. Categories: mutated trace files run by simulate and
 * compare; every converter's source, mutated; policy files (bytes, every metadata field, networks
 * of another architecture, another preset's policy); a training run's checkpoint, mutated, under
 * {@code train --resume}; the options of every command; train's option combinations; and output
 * paths no command can write ({@link FuzzTargets}).
 */
final class FuzzCases {
  static final List<String> CONVERTERS =
      List.of("pollux", "pollux-philly", "gavel", "tiresias", "elasticflow");
  static final List<String> SCHEDULERS =
      List.of("drf", "fifo", "srtf", "tetris", "optimus", "optimus-fitted");
  private static final JsonMapper JSON = Json.mapper();

  private final Path root;
  private final long seed;
  private final Path policy;
  private final List<Path> shapes = new ArrayList<>();
  private final Path run;
  private final FuzzOptions options;

  /**
   * Writes the valid inputs under {@code root}: policies of several shapes and a finished tiny
   * training run.
   */
  FuzzCases(Path root, long seed) throws IOException {
    this.root = root;
    this.seed = seed;
    Path inputs = Files.createDirectories(root.resolve("inputs"));
    List<PolicySettings> settings = FuzzInputs.policyShapes();
    for (int s = 0; s < settings.size(); s++) {
      Path file = inputs.resolve("shape-" + s + ".policy");
      FuzzInputs.writePolicy(file, settings.get(s), true, s);
      shapes.add(file);
    }
    policy = shapes.get(0);
    run = inputs.resolve("run");
    List<String> train = new ArrayList<>(List.of("train", "--steps", "2", "--out", run.toString()));
    train.addAll(FuzzInputs.RUN);
    int code =
        dl2.cli.Dl2.commandLine(
                new java.io.PrintWriter(java.io.Writer.nullWriter()),
                new java.io.PrintWriter(java.io.Writer.nullWriter()))
            .execute(train.toArray(String[]::new));
    if (code != 0) {
      throw new IllegalStateException("the fuzzer's training run failed: " + code);
    }
    options = new FuzzOptions(policy);
  }

  FuzzCase next(int index) throws IOException {
    Mutations m = new Mutations(new Rng(Rng.hash(seed, index)));
    Path dir = Files.createDirectories(root.resolve("case-" + index));
    Files.writeString(dir.resolve("sentinel.txt"), "not to be replaced\n");
    Files.createDirectories(dir.resolve("empty"));
    FuzzInputs.write(dir.resolve("full").resolve("notes.txt"), "someone's files\n");
    int category = m.below(100);
    if (category < 26) {
      return trace(index, dir, m);
    }
    if (category < 41) {
      return convert(index, dir, m);
    }
    if (category < 54) {
      return policy(index, dir, m);
    }
    if (category < 62) {
      return resume(index, dir, m);
    }
    if (category < 80) {
      return new FuzzCase(index, "options", dir, options.mutate(dir, m));
    }
    if (category < 90) {
      return FuzzTargets.trainCombination(index, dir, m);
    }
    return FuzzTargets.output(
        index,
        dir,
        m,
        FuzzInputs.write(dir.resolve("tiresias.csv"), FuzzInputs.source("tiresias")));
  }

  private FuzzCase trace(int index, Path dir, Mutations m) throws IOException {
    Path file = FuzzInputs.write(dir.resolve("trace.csv"), m.text(FuzzInputs.nativeTrace(), ','));
    List<String> args;
    if (m.chance(0.1)) {
      args =
          new ArrayList<>(
              List.of(
                  "compare",
                  "--workload",
                  "paper-testbed",
                  "--no-policy",
                  "--trace",
                  file.toString(),
                  "--out",
                  dir.resolve("report").toString()));
    } else {
      args =
          new ArrayList<>(
              List.of(
                  "simulate",
                  "--workload",
                  "paper-testbed",
                  "--scheduler",
                  m.pick(SCHEDULERS),
                  "--trace",
                  file.toString()));
      if (m.chance(0.5)) {
        args.addAll(List.of("--json", dir.resolve("out.json").toString()));
      }
    }
    return new FuzzCase(index, "trace", dir, args);
  }

  private FuzzCase convert(int index, Path dir, Mutations m) throws IOException {
    String format = m.pick(CONVERTERS);
    Path input;
    List<String> extra = new ArrayList<>();
    if (format.equals("gavel")) {
      Path traces = dir.resolve("gavel").resolve("traces");
      input =
          FuzzInputs.write(
              traces.resolve("seed=0").resolve("abc123.trace"),
              m.chance(0.8) ? m.text(FuzzInputs.source(format), '\t') : FuzzInputs.source(format));
      String throughputs =
          m.chance(0.3)
              ? m.text(FuzzInputs.gavelThroughputs(), ',')
              : FuzzInputs.gavelThroughputs();
      FuzzInputs.write(dir.resolve("gavel").resolve("simulation_throughputs.json"), throughputs);
      if (m.chance(0.3)) {
        input = traces.resolve("seed=0");
        extra.addAll(List.of("--vc", m.chance(0.7) ? "abc123" : m.nasty()));
      }
    } else {
      input =
          FuzzInputs.write(dir.resolve(format + ".csv"), m.text(FuzzInputs.source(format), ','));
    }
    if (m.chance(0.2)) {
      extra.addAll(List.of("--jobs", m.pick(List.of("1", "2", "0", "-1", m.nasty()))));
    }
    if (m.chance(0.2)) {
      extra.addAll(List.of("--start", m.pick(List.of("0", "1", "5", "-1", m.nasty()))));
    }
    if (m.chance(0.2)) {
      extra.add("--skip-bad-rows");
    }
    if (format.equals("pollux-philly") && m.chance(0.3)) {
      extra.addAll(List.of("--vc", m.chance(0.5) ? "6214e9" : m.nasty()));
    }
    List<String> args;
    if (m.chance(0.15)) {
      args =
          new ArrayList<>(
              List.of(
                  "bench-trace",
                  input.toString(),
                  "--from",
                  format,
                  "--workload",
                  "paper-testbed",
                  "--scheduler",
                  m.pick(SCHEDULERS)));
    } else {
      args =
          new ArrayList<>(
              List.of(
                  "convert",
                  input.toString(),
                  "--from",
                  format,
                  "--out",
                  dir.resolve("out.csv").toString()));
    }
    args.addAll(extra);
    return new FuzzCase(index, "convert", dir, args);
  }

  private FuzzCase policy(int index, Path dir, Mutations m) throws IOException {
    Path file = dir.resolve("p.policy");
    writeMutatedPolicy(file, m);
    List<String> args =
        switch (m.below(10)) {
          case 0 ->
              List.of(
                  "compare",
                  "--workload",
                  "paper-testbed",
                  "--traces",
                  "1",
                  "--policy",
                  file.toString());
          case 1 ->
              List.of(
                  "bench-policy",
                  "--workload",
                  "paper-testbed",
                  "--traces",
                  "1",
                  "--policy",
                  file.toString());
          case 2 ->
              concat(
                  List.of(
                      "train",
                      "--steps",
                      "1",
                      "--warm-start",
                      file.toString(),
                      "--out",
                      dir.resolve("run").toString()),
                  FuzzInputs.RUN);
          default ->
              List.of(
                  "simulate",
                  "--workload",
                  "paper-testbed",
                  "--traces",
                  "1",
                  "--scheduler",
                  "dl2",
                  "--policy",
                  file.toString());
        };
    return new FuzzCase(index, "policy", dir, args);
  }

  /** A policy whose bytes, metadata or networks were changed, or a valid one of another shape. */
  private void writeMutatedPolicy(Path file, Mutations m) throws IOException {
    Path source = m.chance(0.7) ? policy : m.pick(shapes);
    switch (m.below(4)) {
      case 0 -> Files.write(file, m.bytes(Files.readAllBytes(source)));
      case 1 -> {
        Checkpoint checkpoint = NetworkCodec.read(source);
        NetworkCodec.write(file, mutatedMetadata(checkpoint.metadata(), m), checkpoint.networks());
      }
      case 2 -> {
        Checkpoint metadataOf = NetworkCodec.read(source);
        Checkpoint networksOf = NetworkCodec.read(m.pick(shapes));
        NetworkCodec.write(
            file,
            metadataOf.metadata(),
            m.chance(0.5) ? networksOf.networks() : List.of(networksOf.networks().get(0)));
      }
      default -> Files.copy(source, file, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /** The metadata with one field set to a nasty JSON value, or replaced whole. */
  private static String mutatedMetadata(String metadata, Mutations m) throws IOException {
    if (m.chance(0.1)) {
      return m.pick(
          List.of("null", "", "{", "[]", "42", "\"text\"", "{\"format\":\"dl2-policy\"}"));
    }
    ObjectNode root = (ObjectNode) JSON.readTree(metadata);
    ObjectNode target =
        m.chance(0.15) ? root : (ObjectNode) root.get(m.chance(0.75) ? "settings" : "training");
    List<String> fields = new ArrayList<>();
    fields.addAll(target.propertyNames());
    String field = m.chance(0.1) ? "unknownField" : m.pick(fields);
    if (m.chance(0.1)) {
      target.remove(field);
    } else {
      target.set(field, nastyJson(m));
    }
    return JSON.writeValueAsString(root);
  }

  private static JsonNode nastyJson(Mutations m) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    return m.pick(
        List.of(
            f.nullNode(),
            f.numberNode(0),
            f.numberNode(-1),
            f.numberNode(Integer.MAX_VALUE),
            f.numberNode(20),
            f.numberNode(40),
            f.numberNode(1e308),
            f.numberNode(Long.MAX_VALUE),
            f.numberNode(0.5),
            f.stringNode("NaN"),
            f.stringNode("Infinity"),
            f.stringNode(""),
            f.stringNode("ORIGINAL"),
            f.stringNode("PAPER"),
            f.stringNode("SHARED_COLUMNS"),
            f.booleanNode(true),
            f.arrayNode(),
            f.arrayNode().add(0),
            f.arrayNode().add(1_000_000),
            f.arrayNode().add(8).add(-8),
            f.objectNode(),
            f.stringNode(m.nasty())));
  }

  private FuzzCase resume(int index, Path dir, Mutations m) throws IOException {
    Path copy = dir.resolve("run");
    copyTree(run, copy);
    Path checkpoint = copy.resolve("checkpoint");
    switch (m.below(9)) {
      case 0, 1 -> mutateBytes(checkpoint.resolve("resume.state"), m);
      case 2 -> mutateBytes(checkpoint.resolve("final.policy"), m);
      case 3 -> {
        Path finalPolicy = checkpoint.resolve("final.policy").toRealPath();
        Files.delete(finalPolicy);
        writeMutatedPolicy(finalPolicy, m);
      }
      case 4 ->
          Files.copy(
              m.pick(shapes),
              checkpoint.resolve("final.policy").toRealPath(),
              StandardCopyOption.REPLACE_EXISTING);
      case 5 ->
          Files.delete(
              checkpoint.resolve(m.pick(List.of("resume.state", "final.policy"))).toRealPath());
      case 6 -> {
        Files.delete(checkpoint);
        if (m.chance(0.5)) {
          Files.createSymbolicLink(checkpoint, Path.of("steps", "missing"));
        }
      }
      case 7 -> Files.writeString(copy.resolve(".dl2-output"), m.nasty());
      default ->
          Files.writeString(
              checkpoint.resolve("rl-curve.csv").toRealPath(),
              m.text(Files.readString(checkpoint.resolve("rl-curve.csv")), ','));
    }
    List<String> args =
        new ArrayList<>(
            List.of(
                "train",
                "--resume",
                "--out",
                copy.toString(),
                "--steps",
                m.pick(List.of("2", "3", "1"))));
    args.addAll(FuzzInputs.RUN);
    if (m.chance(0.15)) {
      args.addAll(
          m.pick(
              List.of(
                  List.of("--lr", "2e-4"),
                  List.of("--hidden", "16"),
                  List.of("--encoding", "paper"),
                  List.of("--baseline", "job-critic"),
                  List.of("--agents", "2"),
                  List.of("--force"))));
    }
    return new FuzzCase(index, "resume", dir, args);
  }

  private static void mutateBytes(Path link, Mutations m) throws IOException {
    Path file = link.toRealPath();
    Files.write(file, m.bytes(Files.readAllBytes(file)));
  }

  /** Copies a run directory, its links as links. */
  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> walk = Files.walk(from)) {
      for (Path p : walk.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isSymbolicLink(p)) {
          Files.createSymbolicLink(target, Files.readSymbolicLink(p));
        } else if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
  }

  static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}
