import { AwardIcon, HourglassIcon, TargetIcon } from 'lucide-react';
import { LabelledProgress } from '@/components/labelled-progress';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { StatGrid, StatTile } from '@/components/stat-tile';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount } from '@/lib/number-format';
import { certifications } from './data';
import { summarizeCertifications } from './summary';
import type { SkillCertification } from './types';

const columns: RecordColumn<SkillCertification>[] = [
  {
    header: 'Skill',
    cell: (c) => <span className="font-medium">{c.skill}</span>,
    className: 'min-w-52',
    phone: 'main',
  },
  {
    header: 'Certified',
    cell: (c) => formatCount(c.certified),
    align: 'right',
    phone: 'sub',
    phoneText: (c) => `${formatCount(c.certified)} certified`,
  },
  {
    header: 'Pending',
    cell: (c) => formatCount(c.pending),
    align: 'right',
    phone: 'sub',
    phoneText: (c) => `${formatCount(c.pending)} pending`,
  },
  {
    header: 'Pass rate',
    cell: (c) => <LabelledProgress value={c.pass_rate} label={`${c.skill} pass rate`} />,
    className: 'min-w-44',
    phone: 'sub',
    phoneText: (c) => `${Math.round(c.pass_rate)}% pass`,
  },
];

export function SkillsTab() {
  const s = summarizeCertifications(certifications);
  return (
    <div className="grid grid-cols-1 gap-6">
      <StatGrid className="mb-0 xl:grid-cols-3">
        <StatTile
          label="Certified"
          value={formatCount(s.certified)}
          hint="People holding a certification"
          icon={<AwardIcon />}
        />
        <StatTile
          label="Pending"
          value={formatCount(s.pending)}
          hint="Awaiting assessment or review"
          icon={<HourglassIcon />}
        />
        <StatTile
          label="Pass Rate"
          value={`${s.averagePassRate}%`}
          hint={`Average over ${certifications.length} skills`}
          icon={<TargetIcon />}
        />
      </StatGrid>
      <Card>
        <CardHeader>
          <CardTitle>Skills & Certifications</CardTitle>
          <CardDescription>
            Certifications are earned through Quick Role Check assessments and partner exams.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <RecordTable
            label="Skills and certifications"
            columns={columns}
            rows={certifications}
            rowKey={(c) => c.skill}
          />
        </CardContent>
      </Card>
    </div>
  );
}
