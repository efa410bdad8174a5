import { useEffect, useRef, useState } from 'react';
import { type PlanId } from '@/lib/plans';
import {
  activeStepIndex,
  displayedProgress,
  nextProgress,
  PROGRESS_TICK_MS,
  stageSteps,
  STEP_ROTATION_MS,
  stepCount,
} from '../loading';
import { type ResultStage } from '@/lib/report/read';

export interface LoadingProgressInput {
  stage: ResultStage | null;
  /** The server's progress, 0–100, when known. */
  serverProgress: number | null;
  plan: PlanId | null;
  /** random() in [0, 1); injected by tests. */
  random: () => number;
}

export interface LoadingProgress {
  /** 0–PROGRESS_CAP. */
  progress: number;
  /** Index into the plan's steps (loadingContent's) of the highlighted step. */
  activeStep: number;
  /** Steps before this index are done (0 while the stage is unknown). */
  doneBefore: number;
}

/** The loading screen's bar and steps (see loading.ts); timers stop on unmount. */
export function useLoadingProgress({ stage, serverProgress, plan, random }: LoadingProgressInput): LoadingProgress {
  const [simulated, setSimulated] = useState(0);
  const [rotations, setRotations] = useState(0);

  // The tick reads the latest inputs without restarting its interval.
  const latest = useRef({ serverProgress, random });
  useEffect(() => {
    latest.current = { serverProgress, random };
  }, [serverProgress, random]);

  useEffect(() => {
    const tick = setInterval(() => {
      setSimulated((current) => {
        const { serverProgress: server, random: rand } = latest.current;
        return nextProgress(displayedProgress(current, server), rand, server);
      });
    }, PROGRESS_TICK_MS);
    const rotate = setInterval(() => {
      setRotations((n) => n + 1);
    }, STEP_ROTATION_MS);
    return () => {
      clearInterval(tick);
      clearInterval(rotate);
    };
  }, []);

  const range = stageSteps(stage, plan);
  return {
    progress: displayedProgress(simulated, serverProgress),
    activeStep: activeStepIndex(rotations, range, stepCount(plan)),
    doneBefore: range ? range[0] : 0,
  };
}
