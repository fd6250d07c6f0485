package dl2.learning.rl;

import dl2.learning.env.RewardName;
import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.file.TrainingInfo;
import dl2.learning.nn.Adam;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.NetworkState;
import dl2.learning.replay.PlainReplay;
import dl2.learning.replay.ReplayBatch;
import dl2.learning.replay.Transition;
import dl2.learning.speeds.ObservedSpeeds;
import dl2.model.Rng;
import dl2.model.SeedStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

/**
 * What {@link OnlineTuner} learns with: the policy and a critic, their Adam optimisers and the
 * replay of the policy's rewarded decisions; each {@link #update} is one actor-critic step on a
 * sampled batch, and every {@code checkpointEvery} steps the policy file is saved.
 */
final class OnlineLearner {
  private final PolicyFile start;
  private final OnlineTuner.Settings settings;
  private final Mlp policy;
  private final Adam policyAdam;
  private final Mlp value;
  private final Adam valueAdam;
  private final PlainReplay<Transition> replay;
  private final Rng batches;
  private final Path checkpoint;
  private final RewardName reward;
  private final ObservedSpeeds speeds;
  private long steps;

  OnlineLearner(
      PolicyFile start,
      OnlineTuner.Settings settings,
      long seed,
      Path checkpoint,
      RewardName reward,
      ObservedSpeeds speeds) {
    this.start = start;
    this.settings = settings;
    this.checkpoint = checkpoint;
    this.reward = reward;
    this.speeds = speeds;
    PolicySettings policySettings = start.settings();
    this.policy = Mlp.of(policySettings.policySpec(), start.policy().network().parameters());
    this.policyAdam = new Adam(policy, settings.learningRate());
    this.value =
        new Mlp(
            policySettings.valueSpec(false),
            new Rng(Rng.derive(seed, SeedStream.ONLINE_VALUE_INIT)));
    start
        .value()
        .filter(v -> v.network().spec().equals(value.spec()))
        .ifPresent(v -> value.loadParameters(v.network().parameters()));
    this.valueAdam = new Adam(value, settings.learningRate());
    this.replay = new PlainReplay<>(settings.replaySize());
    this.batches = new Rng(Rng.derive(seed, SeedStream.ONLINE_BATCHES));
  }

  Mlp policy() {
    return policy;
  }

  void add(Transition transition, double reward) {
    replay.add(transition, reward);
  }

  int replaySize() {
    return replay.size();
  }

  long steps() {
    return steps;
  }

  void update() {
    ReplayBatch<Transition> batch = replay.sample(settings.batchSize(), batches);
    double[] weights = new double[batch.items().size()];
    Arrays.fill(weights, 1);
    UpdateSettings update =
        new UpdateSettings(
            ReturnMode.IMMEDIATE,
            0.9,
            Baseline.CRITIC,
            settings.entropy(),
            GradientForm.RECOMPUTED);
    UpdateResult result =
        ActorCriticUpdate.compute(
            policy, value, batch.items(), weights, update, replay.meanReward());
    if (!result.policyGradient().isFinite() || !result.valueGradient().isFinite()) {
      throw new IllegalStateException(
          "online fine-tuning diverged at step " + steps + " (non-finite gradient)");
    }
    policy.loadGradients(result.policyGradient());
    policyAdam.step();
    value.loadGradients(result.valueGradient());
    valueAdam.step();
    steps++;
    if (checkpoint != null && steps % settings.checkpointEvery() == 0) {
      TrainingInfo info =
          new TrainingInfo(
              "online-rl",
              start.training().step() + steps,
              start.training().preset(),
              start.training().teacher(),
              start.training().seed(),
              start.training().validationTraces(),
              recordedReward(),
              start.training().placement());
      new PolicyFile(
              start.settings(),
              info,
              new NetworkState("policy", policy, policyAdam),
              Optional.of(new NetworkState("value", value, valueAdam)),
              speeds.memory())
          .save(checkpoint);
    }
  }

  /**
   * The reward a checkpoint records: the trained one's observed twin (no oracle online), or what
   * was recorded.
   */
  private String recordedReward() {
    String trained = start.training().reward();
    return RewardName.parse(trained)
        .map(name -> name.observed().toString())
        .orElse(trained == null ? reward.toString() : trained);
  }
}
