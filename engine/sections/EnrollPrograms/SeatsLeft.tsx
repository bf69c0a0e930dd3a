import { useEffect, useState } from 'react';
import { callApi } from '../../api/client.ts';
import { useUi } from '../../runtime/contexts.tsx';
import { fillCount } from '../../runtime/text.ts';
import styles from './EnrollPrograms.module.css';

type Seats = Record<string, number>;

// Every card's island asks at once as the page comes alive: they share one request, answered for a few seconds, and
// a page opened again later asks again (offers take seats meanwhile).
let asked: { at: number; seats: Promise<Seats | undefined> } | undefined;
const SHARED_FOR_MS = 5_000;

function seatsLeft(): Promise<Seats | undefined> {
  if (!asked || performance.now() - asked.at > SHARED_FOR_MS) {
    asked = {
      at: performance.now(),
      seats: callApi('programmeSeats').then((result) => (result.ok ? Object.fromEntries(result.data.programmes.map((p) => [p.id, p.left])) : undefined)),
    };
  }
  return asked.seats;
}

/**
 * The seats a programme has left, its card's island: asked of the server once the page is live, on a line kept for
 * it, so nothing moves when it comes; empty until then, and if the server cannot say.
 */
export default function SeatsLeft({ programId }: { programId: string }) {
  const ui = useUi().programs;
  const [left, setLeft] = useState<number>();
  useEffect(() => {
    let live = true;
    void seatsLeft().then((seats) => {
      if (live && seats?.[programId] !== undefined) setLeft(seats[programId]);
    });
    return () => {
      live = false;
    };
  }, [programId]);
  return (
    <span className={styles.left} data-fact="seatsLeft">
      {left === undefined ? '' : left === 0 ? ui.seatsFull : fillCount(ui.seatsLeft, left)}
    </span>
  );
}
