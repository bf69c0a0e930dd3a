import { describe, expect, it } from 'vitest';
import { withHugePages } from '../../../server/runtime/hugePages.ts';

describe('withHugePages', () => {
  it('asks glibc for huge pages on Linux, keeping the other variables and tunables', () => {
    expect(withHugePages({ PORT: '5000' }, 'linux')).toEqual({ PORT: '5000', GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1' });
    expect(withHugePages({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }, 'linux')).toEqual({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1' });
  });

  it("leaves an operator's own huge page setting, and other systems, alone", () => {
    expect(withHugePages({ GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' }, 'linux')).toEqual({ GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' });
    expect(withHugePages({ PORT: '5000' }, 'darwin')).toEqual({ PORT: '5000' });
    expect(withHugePages({ PORT: '5000' }, 'win32')).toEqual({ PORT: '5000' });
  });
});
