import postgres, { type Sql } from 'postgres';

/**
 * Leases: work that must run in exactly one process of several on one database (a projection, a scheduled job),
 * held as PostgreSQL session advisory locks on one connection of this process kept for them alone (ADR 0048).
 * Free leases are looked for every `pollMs`; when the holding process dies its connection closes, PostgreSQL
 * releases its locks, and another process takes them at its next look. Each process takes at most its share
 * (the works divided by the processes present, rounded up) and lets go of what is above it, so that the works
 * spread over the processes rather than all staying with the first one started.
 *
 * A lease says who should do the work, not that nobody else does: a holder cut off from PostgreSQL keeps running
 * until it notices. The work itself must stay correct with two doers (the projectors move their checkpoint by
 * compare-and-set; the scheduled publications append under an Idempotency-Key).
 */
export interface LeasedWork {
  /** the lease's name, unique in the database: `projection:<name>:v<version>`, `job:<name>` */
  name: string;
  /** begins the work once the lease is held; resolves when it is under way */
  start(): Promise<void>;
  /** stops the work and waits for what it has in flight; before the lease is let go, or once it is lost */
  stop(): Promise<void>;
}

export interface LeaseLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface LeaseOptions {
  databaseUrl: string;
  works: readonly LeasedWork[];
  /** how often free leases are looked for and the holding connection is checked (default 1,000 ms) */
  pollMs?: number;
  /** this process as pg_stat_activity shows the holding connection (application_name) */
  holder: string;
  logger?: LeaseLogger;
}

export interface Leases {
  /** connects and makes a first round (takes its share of the free leases, starts their works) */
  start(): Promise<void>;
  /** stops the works held, lets go of their leases and closes the connection */
  stop(): Promise<void>;
  /** the names of the leases this process holds */
  held(): string[];
}

/** The two-key form of advisory locks (classid, objid): its own key space beside the one-bigint locks. */
const LEASE_CLASS = 'platform.lease';
/** Every process that takes leases holds this shared lock: pg_locks counts the processes present. */
const MEMBERS_CLASS = 'platform.lease.members';

const silent: LeaseLogger = { info() {}, warn() {}, error() {} };

/**
 * The holder of the named lease in the database `sql` is connected to: the application_name of its connection
 * and its backend pid, or undefined when nobody holds it.
 */
export async function leaseHolder(
  sql: Sql,
  name: string,
): Promise<{ holder: string; pid: number } | undefined> {
  const [row] = await sql<{ holder: string; pid: number }[]>`
    select a.application_name as holder, l.pid
      from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.granted and l.objsubid = 2
       and l.database = (select oid from pg_database where datname = current_database())
       and l.classid::bigint = (hashtext(${LEASE_CLASS})::bigint & 4294967295)
       and l.objid::bigint = (hashtext(${name})::bigint & 4294967295)`;
  return row;
}

export function createLeases(options: LeaseOptions): Leases {
  const { works } = options;
  const logger = options.logger ?? silent;
  const pollMs = options.pollMs ?? 1000;
  const names = new Set<string>();
  for (const work of works) {
    if (names.has(work.name)) throw new Error(`lease ${work.name} named twice`);
    names.add(work.name);
  }

  let sql: Sql | undefined;
  /** the works started under a lease, in the order they were taken */
  const held: LeasedWork[] = [];
  /** the session of `sql` holds the member lock (and the leases in `held`) */
  let member = false;
  /** the holding connection closed, or a look failed: the leases may be gone */
  let doubt: string | undefined;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();

  const connect = (): Sql => {
    const client: Sql = postgres(options.databaseUrl, {
      max: 1,
      onnotice: () => {},
      // the locks live as long as this session: never closed for being idle or old
      idle_timeout: 0,
      max_lifetime: null,
      connection: {
        application_name: options.holder,
        // a holder whose machine is gone (no FIN sent) is let go of in about 11 s rather than hours
        tcp_keepalives_idle: 5,
        tcp_keepalives_interval: 2,
        tcp_keepalives_count: 3,
      },
      onclose: () => {
        if (sql !== client || !member) return;
        // PostgreSQL has let go of the session's locks: the works stop at once, not at the next look
        doubt = 'the connection holding them closed';
        schedule(0);
      },
    });
    return client;
  };

  /**
   * The leases may be gone (the connection closed, or could not be asked): the works stop, and the connection is
   * closed so that no lock of it can outlive the doubt (a lock kept by a session still open but thought lost would
   * never be let go of). The next look starts again on a new session.
   */
  async function dropAll(reason: string) {
    if (held.length > 0) logger.warn({ leases: held.map((w) => w.name), reason }, 'leases lost');
    const works = held.splice(0);
    await Promise.allSettled(works.map((w) => w.stop()));
    const old = sql;
    sql = undefined;
    member = false;
    doubt = undefined;
    await old?.end({ timeout: 1 }).catch(() => undefined);
  }

  async function release(work: LeasedWork, db: Sql) {
    held.splice(held.indexOf(work), 1);
    await work
      .stop()
      .catch((error: unknown) => logger.error({ err: error, lease: work.name }, 'stop failed'));
    await db`select pg_advisory_unlock(hashtext(${LEASE_CLASS}), hashtext(${work.name}))`;
    logger.info({ lease: work.name }, 'lease let go');
  }

  async function look(): Promise<void> {
    if (stopped) return;
    if (doubt) await dropAll(doubt);
    sql ??= connect();
    const db = sql;
    if (!member) {
      await db`select pg_advisory_lock_shared(hashtext(${MEMBERS_CLASS}), 0)`;
      member = true;
    }
    const [{ members } = { members: 1 }] = await db<{ members: number }[]>`
      select count(*)::int as members from pg_locks
       where locktype = 'advisory' and granted and objsubid = 2 and objid = 0
         and database = (select oid from pg_database where datname = current_database())
         and classid::bigint = (hashtext(${MEMBERS_CLASS})::bigint & 4294967295)`;
    const share = Math.ceil(works.length / Math.max(1, members));
    // above its share: the last taken go first (they were the others' share when this process was alone)
    while (held.length > share && !stopped) await release(held[held.length - 1]!, db);
    // the free ones, asked all at once (pipelined on the one connection: a takeover is one round trip, not one per
    // work); those taken beyond the share are let go of again at once, before any work starts
    const room = share - held.length;
    const candidates = works.filter((w) => !held.includes(w));
    let taken: LeasedWork[] = [];
    if (room > 0 && candidates.length > 0 && !stopped && !doubt) {
      const answers = await Promise.all(
        candidates.map(
          (work) => db<{ ok: boolean }[]>`
            select pg_try_advisory_lock(hashtext(${LEASE_CLASS}), hashtext(${work.name})) as ok`,
        ),
      );
      const got = candidates.filter((_, i) => answers[i]?.[0]?.ok === true);
      taken = got.slice(0, room);
      await Promise.all(
        got
          .slice(room)
          .map((work) => db`select pg_advisory_unlock(hashtext(${LEASE_CLASS}), hashtext(${work.name}))`),
      );
      held.push(...taken);
    }
    if (taken.length > 0) logger.info({ leases: taken.map((w) => w.name), members }, 'leases taken');
    await Promise.all(
      taken.map((work) =>
        work.start().catch((error: unknown) => {
          // the work retries by itself where it can (the projections do); the lease stays held
          logger.error({ err: error, lease: work.name }, 'leased work failed to start');
        }),
      ),
    );
  }

  let looking = false;
  /** a look was asked for while one ran: the next comes right after it */
  let again = false;
  /** the next look in `delayMs`; one at a time */
  function schedule(delayMs: number = pollMs) {
    if (stopped) return;
    if (looking) {
      again = true;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      looking = true;
      round = look()
        .catch((error: unknown) => {
          // PostgreSQL away, or this session in trouble: the next look starts again on a new session
          logger.warn({ err: error }, 'leases: cannot look at the leases');
          doubt ??= 'the connection holding them failed';
        })
        .finally(() => {
          looking = false;
          const soon = again;
          again = false;
          schedule(soon ? 0 : doubt ? Math.min(pollMs, 100) : pollMs);
        });
    }, delayMs);
    timer.unref();
  }

  return {
    async start() {
      if (!stopped) throw new Error('leases already started');
      stopped = false;
      looking = true;
      round = look();
      try {
        await round;
      } finally {
        looking = false;
      }
      schedule(again ? 0 : pollMs);
      again = false;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round.catch(() => undefined);
      const works = held.splice(0);
      await Promise.allSettled(works.map((w) => w.stop()));
      member = false;
      // closing the session lets go of every lock it holds
      const old = sql;
      sql = undefined;
      await old?.end({ timeout: 5 });
    },
    held: () => held.map((w) => w.name),
  };
}
