package dl2.learning.rl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import dl2.learning.env.RewardMode;
import dl2.learning.file.PolicySettings;
import dl2.learning.policy.PolicyNetwork;
import dl2.learning.rl.explore.ExplorationMode;
import dl2.learning.run.RunBudget;
import dl2.learning.state.StateEncoding;
import dl2.workload.Presets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A run stopped at a checkpoint and resumed ends with the same files as an uninterrupted run. */
class ResumeTest {
  @TempDir Path dir;

  private static final PolicySettings SETTINGS =
      new PolicySettings(
          StateEncoding.ORIGINAL,
          4,
          16,
          1000,
          true,
          List.of(16),
          true,
          true,
          PolicyNetwork.FULLY_CONNECTED);

  private static RlConfig config(int steps, ReplayKind replay, ReturnMode returns) {
    return config(steps, replay, returns, RewardMode.SLOT);
  }

  private static RlConfig config(
      int steps, ReplayKind replay, ReturnMode returns, RewardMode reward) {
    UpdateSettings update =
        new UpdateSettings(returns, 0.9, Baseline.CRITIC, 0.1, GradientForm.RECOMPUTED);
    return new RlConfig(
        new RunBudget(Presets.PAPER_TESTBED, 11, steps, 5, 2, 3, 2),
        new ActorCritic(
            2,
            1e-3,
            32,
            64,
            replay,
            ExplorationMode.ORIGINAL,
            update,
            reward,
            null,
            false,
            true,
            null));
  }

  @ParameterizedTest
  @EnumSource(
      value = StateEncoding.class,
      names = {"PAPER", "OBSERVED", "PLACED"})
  void theShippedSetupResumesExactlyToo(StateEncoding encoding) throws Exception {
    // shared-column network, every action's observed marginal reward kept in the replay; the
    // observed
    // encoding also carries the speeds fitted so far into the resume state
    // the placed encoding counts a column per kind of node and remembers where jobs ran last slot
    PolicySettings shared =
        SETTINGS
            .withWindow(encoding.columnsPerJob() * 4)
            .withNetwork(PolicyNetwork.SHARED_COLUMNS)
            .withEncoding(encoding, true);
    Path whole = dir.resolve(encoding + "-whole");
    Path split = dir.resolve(encoding + "-split");
    ReplayKind replay = ReplayKind.PRIORITISED;
    new RlTrainer(
            config(15, replay, ReturnMode.IMMEDIATE, RewardMode.OBSERVED_MARGINALS),
            RlListener.NONE)
        .run(shared, Optional.empty(), whole);
    new RlTrainer(
            config(10, replay, ReturnMode.IMMEDIATE, RewardMode.OBSERVED_MARGINALS),
            RlListener.NONE)
        .run(shared, Optional.empty(), split);
    new RlTrainer(
            config(15, replay, ReturnMode.IMMEDIATE, RewardMode.OBSERVED_MARGINALS),
            RlListener.NONE)
        .resume(split);
    for (String file : List.of("best.policy", "final.policy", "rl-curve.csv", "resume.state")) {
      assertThat(Files.readAllBytes(split.resolve("checkpoint").resolve(file)))
          .as(file)
          .isEqualTo(Files.readAllBytes(whole.resolve("checkpoint").resolve(file)));
    }
  }

  /**
   * Validation runs beside training, so checkpoint 10 is committed while steps 11… go on: it must
   * hold step 10's state, and a run that fails meanwhile still gets it written.
   */
  @Test
  void aCheckpointCommittedWhileTrainingGoesOnHoldsItsOwnStep() throws Exception {
    Path stopped = dir.resolve("stopped");
    Path failed = dir.resolve("failed");
    ReplayKind replay = ReplayKind.PRIORITISED;
    new RlTrainer(config(10, replay, ReturnMode.IMMEDIATE), RlListener.NONE)
        .run(SETTINGS, Optional.empty(), stopped);
    RlListener failAfterTen =
        new RlListener() {
          @Override
          public void validated(RlPoint point, boolean best) {
            if (point.step() == 10) {
              throw new IllegalStateException("stop here");
            }
          }
        };
    assertThatThrownBy(
            () ->
                new RlTrainer(config(15, replay, ReturnMode.IMMEDIATE), failAfterTen)
                    .run(SETTINGS, Optional.empty(), failed))
        .hasMessage("stop here");
    for (String file : List.of("best.policy", "final.policy", "rl-curve.csv", "resume.state")) {
      assertThat(Files.readAllBytes(failed.resolve("checkpoint").resolve(file)))
          .as(file)
          .isEqualTo(Files.readAllBytes(stopped.resolve("checkpoint").resolve(file)));
    }
  }

  /**
   * The settings text resume files record is the one RlConfig printed when it held every knob
   * itself (steps, validation interval and threads set to 1), so earlier runs still resume and the
   * files stay byte-identical.
   */
  @Test
  void resumeFilesRecordTheSettingsInTheirEarlierWords() {
    assertThat(ResumeState.legacyFingerprint(config(5, ReplayKind.PLAIN, ReturnMode.IMMEDIATE)))
        .isEqualTo(
            "RlConfig[preset="
                + Presets.PAPER_TESTBED
                + ", seed=11, agents=2, steps=1, learningRate=0.001, batchSize=32, replayCapacity=64, "
                + "replay=PLAIN, exploration=ORIGINAL, update=UpdateSettings[returns=IMMEDIATE, discount=0.9, baseline=CRITIC, "
                + "entropyWeight=0.1, gradientForm=RECOMPUTED], reward=SLOT, annealEntropy=false, synchronous=true, trainingTraces=3, "
                + "validateEvery=1, validationTraces=2, threads=1, marginalValue=WORK, extraTraces=ExtraTraces[training=[], "
                + "validation=[]]]");
  }

  @Test
  void marginalRewardsRefuseDiscountedReturns() {
    assertThatThrownBy(
            () -> config(5, ReplayKind.PLAIN, ReturnMode.DISCOUNTED, RewardMode.OBSERVED_MARGINALS))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("immediate returns");
  }

  @ParameterizedTest
  @EnumSource(ReplayKind.class)
  void resumingGivesTheSameResultAsAnUninterruptedRun(ReplayKind replay) throws Exception {
    for (ReturnMode returns : ReturnMode.values()) {
      Path whole = dir.resolve(replay + "-" + returns + "-whole");
      Path split = dir.resolve(replay + "-" + returns + "-split");
      new RlTrainer(config(15, replay, returns), RlListener.NONE)
          .run(SETTINGS, Optional.empty(), whole);
      new RlTrainer(config(10, replay, returns), RlListener.NONE)
          .run(SETTINGS, Optional.empty(), split);
      List<RlPoint> curve =
          new RlTrainer(config(15, replay, returns), RlListener.NONE).resume(split);
      assertThat(curve).extracting(RlPoint::step).containsExactly(5L, 10L, 15L);
      for (String file : List.of("best.policy", "final.policy", "rl-curve.csv", "resume.state")) {
        assertThat(Files.readAllBytes(split.resolve("checkpoint").resolve(file)))
            .as(returns + " " + file)
            .isEqualTo(Files.readAllBytes(whole.resolve("checkpoint").resolve(file)));
      }
    }
  }

  @Test
  void resumingWithOtherSettingsIsRefused() {
    Path run = dir.resolve("run");
    new RlTrainer(config(5, ReplayKind.PLAIN, ReturnMode.IMMEDIATE), RlListener.NONE)
        .run(SETTINGS, Optional.empty(), run);
    assertThatThrownBy(
            () ->
                new RlTrainer(
                        config(10, ReplayKind.PRIORITISED, ReturnMode.IMMEDIATE), RlListener.NONE)
                    .resume(run))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("different training settings");
  }

  @Test
  void aCheckpointOfAnotherArchitectureOrADamagedStateIsRefusedBeforeAnyStep() throws Exception {
    Path run = dir.resolve("checked");
    RlConfig config = config(5, ReplayKind.PLAIN, ReturnMode.IMMEDIATE);
    new RlTrainer(config, RlListener.NONE).run(SETTINGS, Optional.empty(), run);
    PolicySettings wider = SETTINGS.withHidden(32, 1);
    assertThatThrownBy(
            () -> new RlTrainer(config, RlListener.NONE).prepareResume(run, Optional.of(wider)))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("final.policy: holds a policy with window 4, cap 16")
        .hasMessageContaining(
            "but this command asks for window 4, cap 16, max epochs 1000, original encoding, 32×1");
    Path state = run.resolve("checkpoint").resolve("resume.state").toRealPath();
    byte[] bytes = Files.readAllBytes(state);
    Files.write(state, java.util.Arrays.copyOf(bytes, bytes.length / 2));
    assertThatThrownBy(
            () -> new RlTrainer(config, RlListener.NONE).prepareResume(run, Optional.of(SETTINGS)))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith(
            state
                    .toString()
                    .replace(state.getParent().toString(), run.resolve("checkpoint").toString())
                + ": corrupt resume state");
  }

  @Test
  void resumingWithoutAStateIsAOneLineError() {
    assertThatThrownBy(
            () ->
                new RlTrainer(config(10, ReplayKind.PLAIN, ReturnMode.IMMEDIATE), RlListener.NONE)
                    .resume(dir.resolve("empty")))
        .isInstanceOf(InputException.class)
        .hasMessageEndingWith("holds no checkpoint to resume from");
  }
}
