import { useCallback, useReducer } from 'react';

/** Undo within the session: every change is a step, except keystrokes in one field in quick succession, which are one. */
interface History<T> {
  past: T[];
  present: T;
  future: T[];
  lastKey: string | undefined;
  lastAt: number;
}

type Action<T> = { type: 'change'; value: T; key: string | undefined; at: number } | { type: 'undo' } | { type: 'redo' } | { type: 'reset'; value: T };

const TYPING_PAUSE_MS = 1200;
const MAX_STEPS = 500;

function reducer<T>(state: History<T>, action: Action<T>): History<T> {
  switch (action.type) {
    case 'change': {
      if (action.value === state.present) return state;
      const coalesce = action.key !== undefined && action.key === state.lastKey && action.at - state.lastAt < TYPING_PAUSE_MS;
      return {
        past: coalesce ? state.past : [...state.past, state.present].slice(-MAX_STEPS),
        present: action.value,
        future: [],
        lastKey: action.key,
        lastAt: action.at,
      };
    }
    case 'undo': {
      const previous = state.past[state.past.length - 1];
      if (previous === undefined) return state;
      return { past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future], lastKey: undefined, lastAt: 0 };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (next === undefined) return state;
      return { past: [...state.past, state.present], present: next, future: rest, lastKey: undefined, lastAt: 0 };
    }
    case 'reset':
      return { past: [], present: action.value, future: [], lastKey: undefined, lastAt: 0 };
  }
}

export function useHistory<T>(initial: T) {
  const [state, dispatch] = useReducer(reducer<T>, { past: [], present: initial, future: [], lastKey: undefined, lastAt: 0 });
  return {
    value: state.present,
    canUndo: state.past.length > 0,
    canRedo: state.future.length > 0,
    change: useCallback((value: T, key?: string) => dispatch({ type: 'change', value, key, at: Date.now() }), []),
    undo: useCallback(() => dispatch({ type: 'undo' }), []),
    redo: useCallback(() => dispatch({ type: 'redo' }), []),
    reset: useCallback((value: T) => dispatch({ type: 'reset', value }), []),
  };
}
