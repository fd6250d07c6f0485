package dl2.model;

/**
 * Every random stream of dl2, named once: a stream's seed is {@code Rng.derive(master, stream,
 * index...)}, where the master is the base seed ({@code --seed}) or the seed the entry names. The
 * numbers are part of every result's identity and never change. Two streams may share a number when
 * their masters differ or no run draws both (they are listed together below).
 */
public enum SeedStream {
  // Under the base seed: traces.
  /** Generator seeds of the validation traces, per agent and index. */
  VALIDATION_TRACES(1),
  /** Generator seeds of the training traces, per agent and index. */
  TRAINING_TRACES(2),
  /** Generator seeds of the test traces, per agent and index. */
  TEST_TRACES(3),

  // Under a trace's generator seed.
  /** The seed of the simulator (and its world) that runs the trace. */
  SIMULATOR(0x5EED),
  /** The redrawn job types of a trace with held-out types. */
  TYPE_MIX(0x7E9E),
  /**
   * The length estimates of {@code --lengths estimated}, per job id; a trace file's estimate seed
   * is this stream under the base seed, per trace index.
   */
  LENGTH_ESTIMATES(0x1E57),

  // Under a simulator's seed: the world.
  /** Per-slot speed noise ε_s of the default world. */
  PROGRESS_NOISE(1),
  /** Noise of the dry runs a scheduler asks for in the default world. */
  DRY_RUN_NOISE(2),
  /** The realistic world's per-job speed multipliers, per job. */
  JOB_MULTIPLIERS(0x3A0B),
  /** The realistic world's slot-to-slot fluctuation, per job and slot. */
  FLUCTUATION(0xF1C7),

  // Under the base seed: running schedulers on traces (compare, the studies, training's test
  // summary).
  /** The signs of Optimus' speed-estimation error, per trace. */
  OPTIMUS_ERROR(0x0971),
  /** The seeds of your own schedulers (plug-ins), per trace. */
  PLUGINS(0x9106),
  /** dl2's sampled decoding in compare and the studies. */
  SAMPLED_DECODING(0xDEC0),
  /** The paired bootstrap's resamples of the traces. */
  BOOTSTRAP(0xB007),

  // Under the seed a policy evaluation is given.
  /** The sampled decoding of a policy on trace i. */
  POLICY_DECODING(0xDEC0DE),

  // Under the base seed: the supervised warm-up.
  /** The warm-up network's initial weights. */
  WARMUP_INIT(11),
  /** The order of the warm-up's samples. */
  WARMUP_SHUFFLE(12),
  /** The warm-up's minibatches. */
  WARMUP_BATCHES(13),
  /** The teacher's seed, per episode (negative: per validation trace). */
  WARMUP_TEACHER(14),
  /** The seed of the imitation set's recording. */
  WARMUP_IMITATION(15),
  /** Sampled decoding when the warm-up validates. */
  WARMUP_DECODING(16),

  // Under the imitation set's seed.
  /** Which recorded samples the reservoir keeps. */
  IMITATION_RESERVOIR(1),
  /** The simulators of the recorded traces, per trace. */
  IMITATION_SIMULATOR(3),

  // Under the base seed: reinforcement learning. ONLINE_VALUE_INIT, ONLINE_ACTING share numbers
  // with
  // RL_VALUE_INIT and RL_VALIDATION_DECODING: one belongs to online fine-tuning, the other to
  // offline training.
  /** An agent's action draws, per agent. */
  AGENT_ACTING(21),
  /** An agent's replay batches, per agent. */
  AGENT_BATCHES(22),
  /** The policy network's initial weights. */
  RL_POLICY_INIT(30),
  /** The value network's initial weights. */
  RL_VALUE_INIT(31),
  /** Sampled decoding when training validates a checkpoint. */
  RL_VALIDATION_DECODING(32),
  /** The online tuner's value network's initial weights. */
  ONLINE_VALUE_INIT(31),
  /** The online tuner's action draws. */
  ONLINE_ACTING(32),
  /** The online tuner's replay batches. */
  ONLINE_BATCHES(33),

  // Under the base seed: on-policy training with the JCT-aligned reward.
  /** Rollout k's action draws in iteration i. */
  ONPOLICY_ACTING(40),
  /** The order of iteration i's samples in its minibatches. */
  ONPOLICY_BATCHES(41),

  // Under the base seed: the Kubernetes controller.
  /** The shadow recorder's shuffle of window columns. */
  SHADOW_SHUFFLE(0x5AD0);

  private final long number;

  SeedStream(long number) {
    this.number = number;
  }

  /** The stream's number in the derivation path. */
  public long number() {
    return number;
  }
}
