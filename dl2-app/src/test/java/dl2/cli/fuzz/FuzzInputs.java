package dl2.cli.fuzz;

import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.file.TrainingInfo;
import dl2.learning.nn.Adam;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.NetworkState;
import dl2.learning.policy.PolicyNetwork;
import dl2.learning.state.StateEncoding;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The valid inputs the fuzzer mutates: a native trace, a sample of every converter's source,
 * policies and a run.
 */
final class FuzzInputs {
  /**
   * paper-testbed: a tiny cluster and short traces, so that a case that passes validation still
   * runs in milliseconds.
   */
  static final Preset PRESET = Presets.PAPER_TESTBED;

  /** The arguments of the tiny training run whose checkpoint the resume cases mutate. */
  static final List<String> RUN =
      List.of(
          "--workload",
          "paper-testbed",
          "--sl-steps",
          "0",
          "--validate-every",
          "1",
          "--validation-traces",
          "1",
          "--hidden",
          "8",
          "--layers",
          "1",
          "--threads",
          "1",
          "--seed",
          "5");

  private FuzzInputs() {}

  /** A generated paper-testbed trace in the native CSV format, with a real_epochs column. */
  static String nativeTrace() {
    Trace trace = TraceSets.validation(PRESET, 11, 1).get(0);
    StringBuilder csv = new StringBuilder("job_id,submit_time_s,model,epochs,real_epochs\n");
    trace
        .jobs()
        .forEach(
            j ->
                csv.append(j.id())
                    .append(',')
                    .append(j.arrivalSlot() * PRESET.slotSeconds() + 7)
                    .append(',')
                    .append(j.type().modelName())
                    .append(',')
                    .append(j.epochs())
                    .append(',')
                    .append(j.realEpochs() * 1.01)
                    .append('\n'));
    return csv.toString();
  }

  /** A valid sample of each converter's source format (as in the converters' own tests). */
  static String source(String format) {
    return switch (format) {
      case "pollux" ->
          """
          name,time,application,num_replicas,batch_size
          ncf-0,100,ncf,1,32768
          cifar10-1,40,cifar10,6,2048
          bert-2,100,bert,2,384
          imagenet-3,250,imagenet,16,3200
          """;
      case "pollux-philly" ->
          """
          timestamp,duration,num_gpus,gpu_time,cluster
          2017-10-09 07:01:55,66.0,1,66.0,11cb48
          2017-10-09 06:13:03,2951.0,1,2951.0,6214e9
          2017-10-09 06:13:03,0.0,2,0.0,6214e9
          2017-10-09 08:00:00,1200.0,64,76800.0,6214e9
          """;
      case "tiresias" ->
          """
          job_id,num_gpu,submit_time,iterations,model_name,duration,interval
          0,1,0,606,vgg16,1200,30
          1,4,30,133,inception3,1200,23
          2,2,53,157,resnet50,0,26
          """;
      case "elasticflow" ->
          """
          job_id,submit_time,real_iteration,model_name,ddl,batch_size,num_gpu,real_duration,duration,iteration
          0,600,1000,deepspeech2,5000,64,4,1200,1200,1000
          1,500,2000,bert,9000,128,1,2400,2400,2000
          """;
      case "gavel" ->
          "ResNet-50 (batch size 64)\tcd %s/x && python3 main.py\t--num_steps\t1\t2400\t10.500000\t2\n"
              + "LM (batch size 20)\tcd %s/lm && python3 main.py\t--steps\t1\t4800\t0.000000\t1\n";
      default -> throw new IllegalArgumentException(format);
    };
  }

  /** Gavel's simulation_throughputs.json for the gavel sample. */
  static String gavelThroughputs() {
    return """
        {
          "k80": {"('ResNet-50 (batch size 64)', 1)": {"null": 0.5}},
          "v100": {
            "('ResNet-50 (batch size 64)', 1)": {"null": 2.0, "('LM (batch size 20)', 1)": [1.5, 3.0]},
            "('ResNet-50 (batch size 64)', 2)": {"null": 3.5},
            "('LM (batch size 20)', 1)": {"null": 4.0}
          }
        }
        """;
  }

  /**
   * Small policies of several architectures, so that networks and metadata of different ones can be
   * swapped.
   */
  static List<PolicySettings> policyShapes() {
    PolicySettings testbed = PolicySettings.defaults(PRESET).withHidden(8, 1);
    PolicySettings small = PolicySettings.defaults(Presets.PAPER_SMALL).withHidden(8, 1);
    return List.of(
        testbed,
        small,
        testbed.withHidden(4, 2),
        testbed.withEncoding(StateEncoding.PAPER, true),
        testbed.withNetwork(PolicyNetwork.SHARED_COLUMNS));
  }

  /**
   * Writes a randomly initialised policy of {@code settings} (with a critic when {@code critic}) to
   * {@code file}.
   */
  static void writePolicy(Path file, PolicySettings settings, boolean critic, long seed) {
    Mlp policy = new Mlp(settings.policySpec(), new Rng(seed));
    Mlp value = new Mlp(settings.valueSpec(false), new Rng(seed + 1));
    new PolicyFile(
            settings,
            new TrainingInfo("rl", 3, PRESET.name(), "", seed),
            new NetworkState("policy", policy, new Adam(policy, 1e-3)),
            critic
                ? Optional.of(new NetworkState("value", value, new Adam(value, 1e-3)))
                : Optional.empty())
        .save(file);
  }

  /** Writes {@code text} to {@code file}, creating its directory. */
  static Path write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
    return file;
  }
}
