import { describe, expect, it } from 'vitest';
import { aliyunSignedQuery, percentEncode } from './sms.provider.js';

describe('Alibaba Cloud RPC signature', () => {
  it("reproduces the signature of Alibaba Cloud's published example (ECS DescribeRegions, secret testsecret)", () => {
    const q = aliyunSignedQuery(
      {
        AccessKeyId: 'testid',
        Action: 'DescribeRegions',
        Format: 'XML',
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
        SignatureVersion: '1.0',
        Timestamp: '2016-02-23T12:46:24Z',
        Version: '2014-05-26',
      },
      'testsecret',
    );
    expect(q.startsWith(`Signature=${percentEncode('OLeaidS1JvxuMvnyHOwuJ+uX5qY=')}&AccessKeyId=testid&`)).toBe(true);
  });

  it('encodes as RFC 3986 (space %20, star %2A, tilde kept)', () => {
    expect(percentEncode("a b*c~d'!()")).toBe('a%20b%2Ac~d%27%21%28%29');
    expect(percentEncode('阿里云')).toBe('%E9%98%BF%E9%87%8C%E4%BA%91');
  });
});
