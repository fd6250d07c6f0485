package dl2;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.ArchitectureRules.SourceFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The architecture holds on the whole tree ({@link ArchitectureRules}), and each rule fails when a
 * file breaks it on purpose: a rule that cannot fail proves nothing.
 */
class ArchitectureTest {
  private static final String MAIN = "/work/dl2-simulation/src/main/java/dl2/";

  @Test
  void everyImportPointsDownTheLayers() throws IOException {
    assertThat(ArchitectureRules.importsPointDown(mainSources())).isEmpty();
  }

  @Test
  void frameworkImportsStayInTheirLayer() throws IOException {
    assertThat(ArchitectureRules.frameworksStayInTheirLayer(mainSources())).isEmpty();
  }

  @Test
  void learningCodeNeverTouchesTheSimulatorsSpeedModel() throws IOException {
    assertThat(ArchitectureRules.learningNeverTouchesTheSpeedModel(mainSources())).isEmpty();
  }

  @Test
  void mainCodeHasOneJobView() throws IOException {
    assertThat(ArchitectureRules.oneJobView(mainSources())).isEmpty();
  }

  @Test
  void onlySchedulerNameParsesTheAtOfANamesPlacement() throws IOException {
    assertThat(ArchitectureRules.onlySchedulerNameParsesTheAt(mainSources())).isEmpty();
  }

  @Test
  void theTrueLengthStaysWithTheOracles() throws IOException {
    assertThat(ArchitectureRules.truthStaysWithOracles(mainSources())).isEmpty();
  }

  @Test
  void aTrueLengthOutsideTheOraclesIsCaught() {
    SourceFile scheduler =
        new SourceFile(
            "/r/dl2-schedulers/src/main/java/dl2/schedulers/lengths/Sneaky.java",
            "double r = ((SlotJob) job).spec().realEpochs() - job.progress();");
    SourceFile learning =
        new SourceFile(
            "/r/dl2-learning/src/main/java/dl2/learning/state/Features.java",
            "out[0] = OracleLengths.trueEpochs(job);");
    SourceFile oracle =
        new SourceFile(
            "/r/dl2-schedulers/src/main/java/dl2/schedulers/lengths/OptimusRemainingOracle.java",
            "job -> OracleLengths.trueEpochs(job) - job.progress()");
    SourceFile comment =
        new SourceFile(
            "/r/dl2-schedulers/src/main/java/dl2/schedulers/Srtf.java",
            "// never realEpochs: the estimate only\n double r = job.epochs();");
    SourceFile simulator = new SourceFile(MAIN + "simulation/Simulator.java", "spec.realEpochs(),");
    assertThat(
            ArchitectureRules.truthStaysWithOracles(
                List.of(scheduler, learning, oracle, comment, simulator)))
        .containsExactly(
            "Sneaky.java reads a job's true length; only an oracle may (name it -oracle: docs/job-lengths.md)",
            "Features.java reads a job's true length; only an oracle may (name it -oracle: docs/job-lengths.md)");
  }

  @Test
  void theMeasuredGreedyAndItsHistoryReadNoSpeedModel() throws IOException {
    assertThat(ArchitectureRules.measuredGreedyReadsNoWorld(mainSources())).isEmpty();
  }

  @Test
  void aMeasuredGreedyOrAHistoryThatAsksTheWorldIsCaught() {
    String placed = "/r/dl2-schedulers/src/main/java/dl2/schedulers/placed/";
    String history = "/r/dl2-schedulers/src/main/java/dl2/schedulers/history/";
    SourceFile world =
        new SourceFile(
            placed + "SpeedHistory.java", "double t = 1 / slot.dryRunEpochsPerSlot(job, 2, 2);");
    SourceFile model =
        new SourceFile(history + "HistorySchedulers.java", "import dl2.speed.FittedOptimusSpeed;");
    SourceFile runs =
        new SourceFile(
            history + "SpeedHistoryRuns.java",
            "new Simulator(config, trace, speed, seed); // SpeedModel plays the world\n"
                + "double r = simulator.speedOracle().get().epochsPerSlot(job);");
    SourceFile played =
        new SourceFile(
            history + "SpeedHistoryRuns.java", "SpeedModel speed; new Simulator(c, t, speed, 1);");
    SourceFile oracle =
        new SourceFile(placed + "PlacedDryRuns.java", "slot.dryRunPlacedEpochsPerSlot");
    SourceFile comment =
        new SourceFile(placed + "TypePrior.java", "// never a dryRun: measured only\n int k = 1;");
    assertThat(
            ArchitectureRules.measuredGreedyReadsNoWorld(
                List.of(world, model, runs, played, oracle, comment)))
        .containsExactly(
            "SpeedHistory.java reaches the world's speeds (dryRun); the measured greedy and its history learn from observed progress only",
            "HistorySchedulers.java reaches the world's speeds (dl2.speed.); the measured greedy and its history learn from observed progress only",
            "SpeedHistoryRuns.java reaches the world's speeds (speedOracle); the measured greedy and its history learn from observed progress only");
  }

  @Test
  void everySeedStreamIsRegistered() throws IOException {
    assertThat(ArchitectureRules.seedStreamsAreRegistered(mainSources())).isEmpty();
  }

  @Test
  void theSimulatorKnowsNoPlacement() throws IOException {
    assertThat(ArchitectureRules.simulatorKnowsNoPlacement(mainSources())).isEmpty();
  }

  @Test
  void onlyPlacedSchedulerMakesPlacedSlots() throws IOException {
    assertThat(ArchitectureRules.onlyPlacedSchedulerMakesPlacedSlots(mainSources())).isEmpty();
  }

  @Test
  void everyPackageIsRanked() throws IOException {
    assertThat(ArchitectureRules.everyPackageIsRanked(mainSources())).isEmpty();
  }

  @Test
  void theCommandLinePackageHoldsOnlyCommandsAndOptions() throws IOException {
    assertThat(ArchitectureRules.cliHoldsOnlyCommandsAndOptions(mainSources())).isEmpty();
  }

  @Test
  void noMainFileIsOverTheLineCap() throws IOException {
    assertThat(ArchitectureRules.mainFilesStayShort(mainSources())).isEmpty();
  }

  @Test
  void onlyTheEmulatorShipsTheMockServer() throws IOException {
    assertThat(ArchitectureRules.onlyTheEmulatorDependsOnTheMockServer(poms())).isEmpty();
  }

  @Test
  void aBackwardImportIsCaughtBetweenSubPackagesAndModules() {
    SourceFile stateImportsPolicy =
        new SourceFile(
            "/r/dl2-learning/src/main/java/dl2/learning/state/X.java",
            "package dl2.learning.state;\nimport dl2.learning.policy.Policy;\n");
    SourceFile slotImportsSimulation =
        new SourceFile(
            MAIN + "slot/Y.java", "package dl2.slot;\nimport dl2.simulation.Simulator;\n");
    SourceFile downward =
        new SourceFile(
            MAIN + "simulation/Z.java", "package dl2.simulation;\nimport dl2.slot.SlotJob;\n");
    assertThat(
            ArchitectureRules.importsPointDown(
                List.of(stateImportsPolicy, slotImportsSimulation, downward)))
        .containsExactly(
            "X.java (dl2.learning.state) imports dl2.learning.policy",
            "Y.java (dl2.slot) imports dl2.simulation");
  }

  @Test
  void aFrameworkOutsideItsLayerIsCaught() {
    SourceFile mockInController =
        new SourceFile(
            "/r/dl2-kubernetes/src/main/java/dl2/kubernetes/controller/C.java",
            "package dl2.kubernetes.controller;\nimport io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;\n");
    SourceFile picocliInReport =
        new SourceFile(
            "/r/dl2-app/src/main/java/dl2/report/R.java", "import picocli.CommandLine;\n");
    SourceFile chartInExperiment =
        new SourceFile(
            "/r/dl2-app/src/main/java/dl2/experiment/E.java",
            "import org.jfree.chart.JFreeChart;\n");
    SourceFile chartInReport =
        new SourceFile(
            "/r/dl2-app/src/main/java/dl2/report/C.java",
            "import org.apache.batik.svggen.SVGGraphics2D;\n");
    assertThat(
            ArchitectureRules.frameworksStayInTheirLayer(
                List.of(mockInController, picocliInReport, chartInExperiment, chartInReport)))
        .containsExactly(
            "/r/dl2-kubernetes/src/main/java/dl2/kubernetes/controller/C.java uses the mock API server outside dl2.emulator",
            "/r/dl2-app/src/main/java/dl2/report/R.java imports picocli outside dl2.cli",
            "/r/dl2-app/src/main/java/dl2/experiment/E.java draws charts (JFreeChart, Batik) outside dl2.report");
  }

  @Test
  void learningCodeAskingForSpeedsIsCaught() {
    SourceFile agent =
        new SourceFile(
            "/r/dl2-learning/src/main/java/dl2/learning/rl/Agent.java",
            "double v = context.dryRunEpochsPerSlot(job, 1, 1); SpeedModel m;");
    assertThat(ArchitectureRules.learningNeverTouchesTheSpeedModel(List.of(agent))).hasSize(2);
  }

  @Test
  void learningCodeReadingAGpuTypesFactorsIsCaught() {
    SourceFile typed =
        new SourceFile(
            "/r/dl2-learning/src/main/java/dl2/learning/state/T.java",
            "double f = spec.gpuType(node).factor(job.type()); String n = spec.gpuType(node).name();");
    SourceFile catalogue =
        new SourceFile(
            "/r/dl2-learning/src/main/java/dl2/learning/speeds/S.java",
            "GpuType v = GpuCatalogue.V100;");
    assertThat(ArchitectureRules.learningNeverTouchesTheSpeedModel(List.of(typed, catalogue)))
        .containsExactly(
            "T.java reads a GPU type's speed factors (only its name is observed)",
            "S.java reads a GPU type's speed factors (only its name is observed)");
  }

  @Test
  void learningOrTrainingCodeAskingForAPlacedDryRunIsCaught() {
    SourceFile teacher =
        new SourceFile(
            "/r/dl2-learning/src/main/java/dl2/learning/sl/TeacherRecorder.java",
            "return slot.dryRunPlacedEpochsPerSlot(job, probe);");
    SourceFile pipeline =
        new SourceFile(
            "/r/dl2-harness/src/main/java/dl2/training/TrainingPipeline.java",
            "new PlacedDryRuns()");
    assertThat(ArchitectureRules.learningNeverTouchesTheSpeedModel(List.of(teacher, pipeline)))
        .hasSize(2);
  }

  @Test
  void aSecondJobViewIsCaught() {
    SourceFile slotJob =
        new SourceFile(
            MAIN + "slot/SlotJob.java",
            "public final class SlotJob implements JobView, PlacedJob {");
    SourceFile second =
        new SourceFile(
            "/r/dl2-kubernetes/src/main/java/dl2/kubernetes/controller/LiveJob.java",
            "final class LiveJob implements Comparable<LiveJob>, JobView {");
    SourceFile anonymous =
        new SourceFile("/r/dl2-app/src/main/java/dl2/cli/A.java", "JobView v = new JobView() {");
    SourceFile decorator =
        new SourceFile(
            "/r/dl2-learning/src/main/java/dl2/learning/state/AdjustedJobView.java",
            "public record AdjustedJobView(JobView job, int workers) implements JobView {");
    assertThat(ArchitectureRules.oneJobView(List.of(slotJob, second, anonymous, decorator)))
        .containsExactly(
            "LiveJob.java implements JobView as LiveJob; use dl2.slot.SlotJob",
            "A.java implements JobView (anonymously); use dl2.slot.SlotJob");
  }

  @Test
  void parsingTheAtOutsideSchedulerNameIsCaught() {
    SourceFile split =
        new SourceFile(
            "/r/dl2-app/src/main/java/dl2/cli/Split.java",
            "String[] parts = name.split(\"@\"); int at = name.indexOf('@');");
    SourceFile joined =
        new SourceFile(
            "/r/dl2-harness/src/main/java/dl2/training/Join.java",
            "static final String SEPARATOR = \"@\"; boolean mine = name.startsWith(\"dl2@\"); // not \"x@\" in a comment");
    SourceFile prose =
        new SourceFile(
            "/r/dl2-app/src/main/java/dl2/cli/Help.java",
            "String help = \"name it NAME@PLACEMENT\" + \"reads SCHEDULER@\" + p; /** {@code a@b}, '@' */");
    SourceFile schedulerName =
        new SourceFile(MAIN + "slot/SchedulerName.java", "int at = text.indexOf('@');");
    assertThat(
            ArchitectureRules.onlySchedulerNameParsesTheAt(
                List.of(split, joined, prose, schedulerName)))
        .containsExactly(
            "Split.java splits or joins a name at \"@\"; use dl2.slot.SchedulerName",
            "Split.java splits or joins a name at '@'; use dl2.slot.SchedulerName",
            "Join.java splits or joins a name at \"@\"; use dl2.slot.SchedulerName",
            "Join.java splits or joins a name at \"dl2@\"; use dl2.slot.SchedulerName");
  }

  @Test
  void anUnregisteredSeedStreamIsCaught() {
    SourceFile agent =
        new SourceFile(
            "/r/Agent.java",
            "new Rng(Rng.derive(config.seed(), 21, index)); "
                + "Rng.derive(seed, SeedStream.AGENT_ACTING, index); Rng.derive(base, set.seedStream(), 0, i);");
    assertThat(ArchitectureRules.seedStreamsAreRegistered(List.of(agent)))
        .containsExactly(
            "Agent.java derives a seed from stream '21', which dl2.model.SeedStream does not name");
  }

  @Test
  void aSimulatorThatPlacesTasksIsCaught() {
    SourceFile simulator =
        new SourceFile(
            MAIN + "simulation/Simulator.java",
            "/** as a PlacedScheduler would */ private final Placement placement; // places tasks");
    SourceFile clusters =
        new SourceFile(MAIN + "simulation/SimulatedClusters.java", "Supplier<PlacedSlot> slots;");
    SourceFile mentioned =
        new SourceFile(
            MAIN + "simulation/Other.java", "/** a PlacedScheduler runs it */ TaskPlacement t;");
    SourceFile slot =
        new SourceFile(MAIN + "slot/PlacedScheduler.java", "private final Placement placement;");
    assertThat(
            ArchitectureRules.simulatorKnowsNoPlacement(
                List.of(simulator, clusters, mentioned, slot)))
        .containsExactly(
            "Simulator.java uses Placement: the simulator places no task, a PlacedScheduler does",
            "SimulatedClusters.java uses PlacedSlot: the simulator places no task, a PlacedScheduler does");
  }

  @Test
  void aPlacedSlotMadeOutsidePlacedSchedulerIsCaught() {
    SourceFile observer =
        new SourceFile(
            "/r/dl2-learning/src/main/java/dl2/learning/state/Observer.java",
            "PlacedSlot placed = new PlacedSlot(slot, new LeastLoaded()); // not: new PlacedSlot(");
    SourceFile scheduler =
        new SourceFile(
            MAIN + "slot/PlacedScheduler.java",
            "PlacedSlot placed = new PlacedSlot(slot, placement);");
    SourceFile mentioned =
        new SourceFile(
            MAIN + "slot/PlacedSlot.java", "/** made by new PlacedSlot(slot, placement) */");
    assertThat(
            ArchitectureRules.onlyPlacedSchedulerMakesPlacedSlots(
                List.of(observer, scheduler, mentioned)))
        .containsExactly(
            "Observer.java makes a PlacedSlot; run the scheduler in a PlacedScheduler instead");
  }

  @Test
  void aModuleShippingTheMockServerIsCaught() {
    String mock =
        "<dependency><groupId>io.fabric8</groupId><artifactId>kubernetes-server-mock</artifactId>%s</dependency>";
    SourceFile compile = new SourceFile("/r/dl2-kubernetes/pom.xml", String.format(mock, ""));
    SourceFile test =
        new SourceFile("/r/dl2-app/pom.xml", String.format(mock, "<scope>test</scope>"));
    SourceFile emulator = new SourceFile("/r/dl2-emulator/pom.xml", String.format(mock, ""));
    assertThat(
            ArchitectureRules.onlyTheEmulatorDependsOnTheMockServer(
                List.of(compile, test, emulator)))
        .containsExactly(
            "/r/dl2-kubernetes/pom.xml depends on kubernetes-server-mock outside test scope");
  }

  @Test
  void anUnrankedPackageIsCaught() {
    SourceFile fresh =
        new SourceFile("/r/dl2-app/src/main/java/dl2/fresh/F.java", "package dl2.fresh;\n");
    SourceFile subPackage =
        new SourceFile(MAIN + "simulation/extra/E.java", "package dl2.simulation.extra;\n");
    SourceFile secondOfTheSame =
        new SourceFile(MAIN + "simulation/extra/G.java", "package dl2.simulation.extra;\n");
    SourceFile ranked =
        new SourceFile(MAIN + "simulation/world/W.java", "package dl2.simulation.world;\n");
    assertThat(
            ArchitectureRules.everyPackageIsRanked(
                List.of(fresh, subPackage, secondOfTheSame, ranked)))
        .containsExactly(
            "dl2.fresh is not ranked in ArchitectureRules.RANK",
            "dl2.simulation.extra is not ranked in ArchitectureRules.RANK");
  }

  @Test
  void aHelperInTheCommandLinePackageIsCaught() {
    String cli = "/r/dl2-app/src/main/java/dl2/cli/";
    SourceFile runner =
        new SourceFile(
            cli + "SweepRunner.java",
            "package dl2.cli;\n/** Run by a @Command; reads @Option values. */\n"
                + "final class SweepRunner { int run(List<String> args) { return 0; } }");
    SourceFile command =
        new SourceFile(
            cli + "FooCommand.java",
            "package dl2.cli;\n@Command(name = \"foo\")\nfinal class FooCommand {}");
    SourceFile mixin =
        new SourceFile(
            cli + "FooOptions.java",
            "package dl2.cli;\nfinal class FooOptions { @Option(names = \"--foo\") int foo; }");
    SourceFile converter =
        new SourceFile(
            cli + "FooConverter.java",
            "package dl2.cli;\nfinal class FooConverter implements ITypeConverter<Foo> {}");
    SourceFile candidates =
        new SourceFile(
            cli + "FooNames.java",
            "package dl2.cli;\nfinal class FooNames implements Iterable<String> {}");
    SourceFile info =
        new SourceFile(cli + "package-info.java", "/** The CLI. */\npackage dl2.cli;\n");
    SourceFile elsewhere =
        new SourceFile(
            "/r/dl2-app/src/main/java/dl2/run/R.java", "package dl2.run;\nfinal class R {}");
    assertThat(
            ArchitectureRules.cliHoldsOnlyCommandsAndOptions(
                List.of(runner, command, mixin, converter, candidates, info, elsewhere)))
        .containsExactly(
            "SweepRunner.java in dl2.cli is no command, options or picocli plumbing; move it to dl2.run or dl2.console");
  }

  @Test
  void aMainFileOverTheLineCapIsCaught() {
    String cap = "x\n".repeat(ArchitectureRules.MAX_MAIN_LINES);
    SourceFile atCap = new SourceFile(MAIN + "slot/AtCap.java", cap);
    SourceFile oneOver = new SourceFile(MAIN + "slot/Long.java", cap + "}\n");
    SourceFile noLastNewline = new SourceFile(MAIN + "slot/Open.java", cap + "}");
    assertThat(ArchitectureRules.mainFilesStayShort(List.of(atCap, oneOver, noLastNewline)))
        .containsExactly(
            "Long.java has 301 lines; split it (at most 300)",
            "Open.java has 301 lines; split it (at most 300)");
  }

  private static Path root() {
    return Path.of("..").toAbsolutePath().normalize();
  }

  private static List<SourceFile> mainSources() throws IOException {
    try (Stream<Path> modules = Files.list(root())) {
      List<SourceFile> sources = new ArrayList<>();
      for (Path module :
          modules.filter(p -> p.getFileName().toString().startsWith("dl2-")).sorted().toList()) {
        Path main = module.resolve("src/main/java");
        if (Files.isDirectory(main)) {
          try (Stream<Path> files = Files.walk(main)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
              sources.add(
                  new SourceFile(file.toString().replace('\\', '/'), Files.readString(file)));
            }
          }
        }
      }
      assertThat(sources).as("main sources under %s", root()).hasSizeGreaterThan(20);
      return sources;
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private static List<SourceFile> poms() throws IOException {
    try (Stream<Path> modules = Files.list(root())) {
      List<SourceFile> poms = new ArrayList<>();
      for (Path module :
          modules.filter(p -> Files.isRegularFile(p.resolve("pom.xml"))).sorted().toList()) {
        poms.add(
            new SourceFile(
                module.resolve("pom.xml").toString().replace('\\', '/'),
                Files.readString(module.resolve("pom.xml"))));
      }
      assertThat(poms).as("module poms under %s", root()).hasSizeGreaterThan(5);
      return poms;
    }
  }
}
