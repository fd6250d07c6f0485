package dl2.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dl2.io.InputException;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Rng;
import dl2.model.Trace;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The length settings: exact changes nothing, estimated replaces E by a draw around E* that depends
 * on the job's id alone, unknown removes E; the error models by hand.
 */
class LengthSettingTest {
  private static final Trace TRACE =
      new Trace(
          "t",
          List.of(
              new JobSpec(1, JobType.WLM, 0, 10, 20),
              JobSpec.exact(2, JobType.DSSM, 3, 50),
              JobSpec.exact(3, JobType.VGG_16, 4, 7)));

  private static LengthSetting estimated(String error) {
    return new LengthSetting(LengthKnowledge.ESTIMATED, LengthError.parse(error));
  }

  @Test
  void aPolicyTrainedForASettingIsNamedAfterIt() {
    assertThat(LengthKnowledge.EXACT.policyName("paper-dense")).isEqualTo("paper-dense");
    assertThat(LengthKnowledge.ESTIMATED.policyName("paper-dense-realistic"))
        .isEqualTo("paper-dense-realistic-estimated");
    assertThat(LengthKnowledge.UNKNOWN.policyName("paper-dense")).isEqualTo("paper-dense-unknown");
  }

  @Test
  void exactIsTheTraceItself() {
    assertThat(LengthSetting.EXACT.apply(TRACE, 5)).isSameAs(TRACE);
    assertThat(estimated("trace").apply(TRACE, 5)).isSameAs(TRACE);
  }

  @Test
  void estimatesKeepTheTruthAndDependOnTheJobAlone() {
    LengthSetting setting = estimated("calibrated");
    Trace estimated = setting.apply(TRACE, 5);
    for (int i = 0; i < 3; i++) {
      JobSpec before = TRACE.jobs().get(i);
      JobSpec after = estimated.jobs().get(i);
      assertThat(after.realEpochs()).isEqualTo(before.realEpochs());
      assertThat(after.withEstimate(before.epochs())).isEqualTo(before);
      assertThat(after.epochs()).isNotEqualTo(before.realEpochs());
    }
    Trace withoutFirst = new Trace("t", TRACE.jobs().subList(1, 3));
    assertThat(setting.apply(withoutFirst, 5).jobs())
        .containsExactlyElementsOf(estimated.jobs().subList(1, 3));
    assertThat(setting.apply(TRACE, 6).jobs().get(1).epochs())
        .isNotEqualTo(estimated.jobs().get(1).epochs());
  }

  @Test
  void uniformZeroIsTheTruthAndUniformStaysWithinItsBand() {
    assertThat(estimated("uniform:0").apply(TRACE, 5).jobs().get(0).epochs()).isEqualTo(20);
    for (JobSpec job : estimated("uniform:0.5").apply(TRACE, 5).jobs()) {
      assertThat(job.epochs() / job.realEpochs()).isBetween(0.5, 1.5);
    }
  }

  @Test
  void unknownRemovesTheEstimate() {
    Trace unknown =
        new LengthSetting(LengthKnowledge.UNKNOWN, LengthError.CALIBRATED).apply(TRACE, 5);
    assertThat(unknown.jobs()).noneMatch(JobSpec::hasEstimate);
    assertThat(unknown.jobs().get(0).realEpochs()).isEqualTo(20);
  }

  /**
   * B = ln 2 / ln(1/0.3) = 0.693147 / 1.203973 = 0.575717; P(|ln f| > ln 2) = e^(−ln 2/B) = 0.3.
   */
  @Test
  void theCalibratedPresetPutsThirtyPercentOffByMoreThanTwice() {
    assertThat(LengthError.CALIBRATED_SCALE).isCloseTo(0.575717, within(1e-6));
    assertThat(LengthError.CALIBRATED.shareOffBy2x()).isCloseTo(0.3, within(1e-12));
    int off = 0;
    int draws = 40_000;
    Rng rng = new Rng(11);
    for (int i = 0; i < draws; i++) {
      double f = LengthError.CALIBRATED.factor(rng);
      if (Math.abs(Math.log(f)) > Math.log(2)) {
        off++;
      }
    }
    assertThat((double) off / draws).isCloseTo(0.3, within(0.01));
  }

  /** Uniform E = 0.75: f < 0.5 on (0.5 − 0.25) / 1.5 = 1/6; log-normal S = ln 2: 2·(1 − Φ(1)). */
  @Test
  void sharesOffByTwiceByHand() {
    assertThat(LengthError.parse("uniform:0.75").shareOffBy2x()).isCloseTo(1 / 6.0, within(1e-12));
    assertThat(LengthError.parse("uniform:0.4").shareOffBy2x()).isZero();
    assertThat(new LengthError(LengthError.Kind.LOG_NORMAL, Math.log(2)).shareOffBy2x())
        .isCloseTo(0.317311, within(1e-6));
  }

  /** Likelihood ∝ density of ln f: Laplace e^(−|x|/B), uniform f on its band, 0 outside. */
  @Test
  void likelihoodsByHand() {
    LengthError laplace = LengthError.parse("log-laplace:0.5");
    assertThat(laplace.likelihood(20, 10)).isCloseTo(Math.exp(-2 * Math.log(2)), within(1e-12));
    assertThat(laplace.likelihood(5, 10)).isCloseTo(0.25, within(1e-12));
    LengthError uniform = LengthError.parse("uniform:0.5");
    assertThat(uniform.likelihood(12, 10)).isCloseTo(1.2, within(1e-12));
    assertThat(uniform.likelihood(16, 10)).isZero();
  }

  @Test
  void badModelsAreOneLine() {
    assertThatThrownBy(() -> LengthError.parse("gaussian"))
        .isInstanceOf(InputException.class)
        .hasMessage(
            "--length-error must be calibrated, uniform:E, log-laplace:B, log-normal:S or trace:"
                + " gaussian");
    assertThatThrownBy(() -> LengthError.parse("uniform:1.5"))
        .isInstanceOf(InputException.class)
        .hasMessage("--length-error uniform needs E in [0, 1): uniform:1.5");
    assertThatThrownBy(() -> LengthError.parse("log-normal:x"))
        .isInstanceOf(InputException.class)
        .hasMessage("--length-error log-normal needs a deviation S in (0, 10]: log-normal:x");
    assertThatThrownBy(() -> LengthKnowledge.byLabel("rough"))
        .isInstanceOf(InputException.class)
        .hasMessage("--lengths must be one of exact, estimated, unknown: rough");
  }
}
